/**
 * Generic SQL for definition-driven resources: list (filters by operator, whitelisted ordering, paging,
 * exact count), get, insert, update, delete, and the existence/uniqueness checks of writes. Table and
 * column names come only from the definitions (validated input never names a column), so building
 * them into queries is safe; values are always bound parameters.
 */
import { sql, type Kysely } from 'kysely';
import { ApiError } from '../../plugins/errors.js';
import type { DB } from '../schema.js';
import { storedFields, type Resource } from '../../../shared/resources/define.js';
import { resourceNamed } from '../../../shared/resources/index.js';
import type { AppliedFilter, ListQuery } from '../../../shared/resources/structs.js';

/** Definitions name tables at run time, so the typed schema cannot follow; the definitions are the schema. */
type AnyDb = Kysely<any>;
export type Row = Record<string, unknown>;
/** A row's key: an integer id, or a string key (a currency code). */
export type Key = number | string;

interface Join { alias: string; table: string; via: string; on: string }

function joinsOf(r: Resource): Join[] {
  const vias = new Set(Object.values(r.fields).flatMap((f) => (f.from ? [f.from.via] : [])));
  return [...vias].map((via) => {
    const target = r.fields[via]?.references;
    if (!target) throw new Error(`${r.name}: '${via}' is not a reference field`);
    const to = resourceNamed(target);
    return { alias: `j_${via}`, table: to.table, via, on: r.fields[via]!.by ?? to.key };
  });
}

/** The SQL column behind a field: the table's own, or the joined row's. */
function columnOf(r: Resource, field: string): string {
  const from = r.fields[field]?.from;
  return from ? `j_${from.via}.${from.field}` : `t.${field}`;
}

function selection(r: Resource): string[] {
  return Object.keys(r.fields).filter((k) => !r.fields[k].derive || r.fields[k].stored)
    .map((k) => (r.fields[k].from ? `${columnOf(r, k)} as ${k}` : `t.${k}`));
}

function base(db: Kysely<DB>, r: Resource) {
  let q = (db as AnyDb).selectFrom(`${r.table} as t`);
  for (const j of joinsOf(r)) q = q.leftJoin(`${j.table} as ${j.alias}`, `${j.alias}.${j.on}`, `t.${j.via}`);
  return q;
}

/** LIKE treats % and _ as wildcards and \ as the escape; a filter value is matched literally. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function filtered(db: Kysely<DB>, r: Resource, filters: readonly AppliedFilter[]) {
  let q = base(db, r);
  for (const f of filters) {
    const col = columnOf(r, f.field);
    switch (f.op) {
      case 'eq': q = q.where(col, '=', f.value); break;
      case 'ilike': q = q.where(col, 'ilike', `%${escapeLike(String(f.value))}%`); break;
      case 'prefix': q = q.where(col, 'ilike', `${escapeLike(String(f.value))}%`); break;
      case 'gte': q = q.where(col, '>=', f.value); break;
      case 'lte': q = q.where(col, '<=', f.value); break;
      // An empty list matches nothing (IN () is no SQL).
      case 'in': q = (f.value as unknown[]).length ? q.where(col, 'in', f.value) : q.where(sql<boolean>`false`); break;
    }
  }
  return q;
}

/** One page of rows and the exact number of rows matching the filters. */
export async function listRows(db: Kysely<DB>, r: Resource, q: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const where = filtered(db, r, q.filters);
  const { total } = await where.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let page = where.select(selection(r)).orderBy(columnOf(r, q.orderBy), q.ordering);
  // The key breaks ties so a row never shows on two pages.
  if (q.orderBy !== r.key) page = page.orderBy(`t.${r.key}`, q.ordering);
  const rows = await page.limit(q.limit).offset((q.page - 1) * q.limit).execute();
  return { rows, total: Number(total) };
}

export async function getRow(db: Kysely<DB>, r: Resource, key: Key): Promise<Row | undefined> {
  return base(db, r).select(selection(r)).where(`t.${r.key}`, '=', key).executeTakeFirst();
}

const stamps = (r: Resource, now: Date, create: boolean): Row => ({
  ...(create && 'created_at' in r.fields ? { created_at: now } : {}),
  ...('updated_at' in r.fields ? { updated_at: now } : {}),
});

/** The table's own columns of a write; a `map` or `list` goes to its jsonb column as JSON text (both drivers take it). */
function onlyStored(r: Resource, values: Row): Row {
  const keep = new Set(storedFields(r));
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => keep.has(k) && k !== 'id' && v !== undefined)
    .map(([k, v]) => [k, (r.fields[k]?.kind === 'map' || r.fields[k]?.kind === 'list') && v !== null ? JSON.stringify(v) : v]));
}

/** Only on create: a string key is stored with the row (a generated id is the database's). */
function withKey(r: Resource, values: Row): Row {
  return r.fields[r.key]?.kind === 'id' ? {} : { [r.key]: values[r.key] };
}

/** Inserts and returns the row as the API shows it (joined values included). */
export async function insertRow(db: Kysely<DB>, r: Resource, values: Row, now: Date): Promise<Row> {
  const inserted = await (db as AnyDb).insertInto(r.table)
    .values({ ...onlyStored(r, values), ...withKey(r, values), ...stamps(r, now, true) })
    .returning(r.key).executeTakeFirstOrThrow();
  return (await getRow(db, r, inserted[r.key]))!;
}

/** Updates the given fields; `readOnlyAllowed` names read-only fields a dedicated call may set (lock_peer). */
export async function updateRow(db: Kysely<DB>, r: Resource, key: Key, values: Row, now: Date, readOnlyAllowed: string[] = []): Promise<Row | undefined> {
  const { [r.key]: _locked, ...stored } = onlyStored(r, values);
  const rest = Object.fromEntries(Object.entries(stored).filter(([k]) => !r.fields[k]?.readOnly || readOnlyAllowed.includes(k))
    // A flags map takes only the keys sent, merged in the statement itself: two switches flipped at once both hold.
    .map(([k, v]) => [k, r.fields[k]?.flags && typeof v === 'string' ? sql`${sql.ref(k)} || ${v}::jsonb` : v]));
  const res = await (db as AnyDb).updateTable(r.table).set({ ...rest, ...stamps(r, now, false) })
    .where(r.key, '=', key).returning(r.key).executeTakeFirst();
  return res ? getRow(db, r, key) : undefined;
}

/** Deletes and returns the deleted row; undefined when no row has this id. */
export async function deleteRow(db: Kysely<DB>, r: Resource, key: Key): Promise<Row | undefined> {
  const row = await getRow(db, r, key);
  if (!row) return undefined;
  // Only the delete that removed the row answers with it: of concurrent deletes, the others find none.
  let q = (db as AnyDb).deleteFrom(r.table).where(r.key, '=', key);
  if (r.deletableWhen) q = q.where(r.deletableWhen.field, 'in', [...r.deletableWhen.in]);
  const gone = await q.returning(r.key).executeTakeFirst();
  if (!gone && r.deletableWhen && await rowExists(db, r, key)) throw new ApiError(422, [`${r.errorPrefix}.not_deletable`]);
  return gone ? row : undefined;
}

/** Whether a row with this key (or this value of its unique field `by`) exists in a resource's table. */
export async function rowExists(db: Kysely<DB>, r: Resource, key: Key, by = r.key): Promise<boolean> {
  return (await (db as AnyDb).selectFrom(r.table).select(by).where(by, '=', key).executeTakeFirst()) !== undefined;
}

/** Whether another row already holds these values of fields unique together. */
export async function valuesTaken(db: Kysely<DB>, r: Resource, values: Row, except?: Key): Promise<boolean> {
  let q = (db as AnyDb).selectFrom(r.table).select(r.key);
  for (const [k, v] of Object.entries(values)) q = q.where(k, '=', v);
  if (except !== undefined) q = q.where(r.key, '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

/** Whether another row already holds this value of a unique field. */
export async function valueTaken(db: Kysely<DB>, r: Resource, field: string, value: unknown, except?: Key): Promise<boolean> {
  let q = (db as AnyDb).selectFrom(r.table).select(r.key).where(field, '=', value);
  if (except !== undefined) q = q.where(r.key, '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}
