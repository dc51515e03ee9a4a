/**
 * Handlers for one definition: list, get, create, update, delete. The order inside each is the same:
 * ability, then validation with the resource's struct, then the work (writes through withAudit, so the
 * write and its admin activity commit together).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { serviceOf, type Subject } from '../../shared/abilities.js';
import { meets, storedDerived, type ActionDef, type Operation, type Resource } from '../../shared/resources/define.js';
import { fieldStruct } from '../../shared/resources/field-structs.js';
import { resourceNamed } from '../../shared/resources/index.js';
import { boundFailures, keyStruct, validateCreate, validateListQuery, validateUpdate, type Checked } from '../../shared/resources/structs.js';
import type { DB } from '../db/schema.js';
import {
  deleteRow, getRow, insertRow, listRows, rowExists, updateRow, valuesTaken, valueTaken, type Key, type Row,
} from '../db/queries/resources.js';
import { requireAbility, type AbilityFields } from '../auth/require-ability.js';
import { withAudit } from '../plugins/audit.js';
import { ApiError } from '../plugins/errors.js';
import { fromDbError, refName, toWire } from './wire.js';
import { hasWriteHook, runWriteHook } from './write-hooks.js';

function allow(req: FastifyRequest, r: Resource, op: Operation, fields?: AbilityFields): Promise<void> {
  const subject = r.subject as Subject;
  return requireAbility(req, r.abilityFor[op], subject, serviceOf(subject), fields);
}

function valid<T>(c: Checked<T>): T {
  if (!c.ok) throw new ApiError(422, c.errors, c.fields);
  return c.value;
}

const notFound = (r: Resource) => new ApiError(404, [`${r.errorPrefix}.doesnt_exist`]);

/** A row's key from a path, query or body: an id, or a string key such as a currency code. */
function keyFrom(r: Resource, raw: unknown): Key {
  const [err, key] = keyStruct(r).validate(raw, { coerce: true });
  if (err) {
    const code = raw === undefined || raw === '' ? `${r.errorPrefix}.missing_${r.key}` : `${r.errorPrefix}.invalid_${r.key}`;
    throw new ApiError(422, [code], { [r.key]: [code] });
  }
  return key as Key;
}

/**
 * The attributes a write touches, for abilities granted on attributes only (Currency, Blockchain:
 * Peatio's `admin_authorize! :update, Currency, params.except(:code)`). A rule without attributes
 * covers them all, so naming them costs other resources nothing.
 */
function attributes(r: Resource, values: Row): string[] | undefined {
  const list = Object.keys(values).flatMap((k) => (values[k] !== undefined && k !== r.key && r.fields[k] ? [r.fields[k].attribute ?? k] : []));
  return list.length ? list : undefined;
}

/** Referenced rows must exist and unique values must be free, checked in the write's transaction. */
async function checkWrite(trx: Transaction<DB>, r: Resource, values: Row, self?: Key, stored: Row = {}): Promise<void> {
  for (const set of r.uniqueTogether ?? []) {
    const row = { ...stored, ...values };
    if (!set.some((k) => values[k] !== undefined)) continue;
    if (await valuesTaken(trx, r, Object.fromEntries(set.map((k) => [k, row[k]])), self)) {
      const code = `${r.errorPrefix}.${set.join('_')}_taken`;
      throw new ApiError(422, [code], Object.fromEntries(set.map((k) => [k, [code]])));
    }
  }
  for (const [k, v] of Object.entries(values)) {
    const f = r.fields[k];
    if (v === undefined || v === null || !f) continue;
    const refs = f.kind === 'list' && Array.isArray(v) ? v : [v];
    let missing = false;
    for (const one of f.references ? refs : []) {
      if (!f.alsoAllowed?.includes(String(one)) && !(await rowExists(trx, resourceNamed(f.references!), one as Key, f.by))) missing = true;
    }
    if (missing) {
      const code = `${r.errorPrefix}.${refName(k)}_doesnt_exist`;
      throw new ApiError(422, [code], { [k]: [code] });
    }
    if ((f.unique || (k === r.key && self === undefined)) && (await valueTaken(trx, r, k, v, self))) {
      const code = `${r.errorPrefix}.${k}_taken`;
      throw new ApiError(422, [code], { [k]: [code] });
    }
  }
}

/**
 * Conditional fields, settled against the row as it will be (stored values overlaid with the write):
 * a field whose `showWhen` is not met is stored as its `hiddenValue` (a fiat currency's blockchain_key
 * null, its options `{}`), whatever was sent; a field whose `disableWhen` is met keeps its stored value.
 */
function settle(r: Resource, values: Row, stored: Row = {}): Row {
  const next = { ...stored, ...values };
  const out = { ...values };
  for (const [k, f] of Object.entries(r.fields)) {
    if (f.showWhen && !meets(f.showWhen, next)) out[k] = f.hiddenValue ?? null;
    else if (f.disableWhen && meets(f.disableWhen, next)) delete out[k];
    // A flags map's missing keys took their default on create, and stay as stored on update.
    else if (f.fixedKeys && !f.flags && out[k] && typeof out[k] === 'object') {
      out[k] = { ...Object.fromEntries(f.fixedKeys.map((x) => [x, ''])), ...(out[k] as object) };
    }
  }
  return out;
}

/** Cross-field bounds (min ≤ max) on the row as it will be. */
function checkBounds(r: Resource, row: Row): void {
  const failed = boundFailures(r, row);
  if (failed.length) throw new ApiError(422, failed.map((f) => f.code), Object.fromEntries(failed.map((f) => [f.field, [f.code]])));
}

async function guarded<T>(r: Resource, work: () => Promise<T>, deleting = false): Promise<T> {
  try { return await work(); } catch (err) { throw fromDbError(r, err, deleting); }
}

/** A create body as it will be stored: validated with the resource's struct, settled, keyed, within its bounds. */
function createValues(r: Resource, body: unknown): Row {
  const values = settle(r, valid(validateCreate(r, body)));
  if (r.deriveKey) values[r.key] = r.deriveKey(values);
  checkBounds(r, values);
  return values;
}

/**
 * The create's work in the caller's transaction: the write hook, derived values, references and
 * uniqueness, the insert. Without a request (the demo seed) there is no caller for a hook to ask.
 */
function insertChecked(req: FastifyRequest | null, trx: Transaction<DB>, r: Resource, values: Row, now: Date): Promise<Row> {
  return guarded(r, async () => {
    if (req) await runWriteHook(r.name, { req, trx, values, stored: {} });
    else if (hasWriteHook(r.name)) throw new Error(`${r.name}: its write hook needs a request`);
    Object.assign(values, storedDerived(r, values));
    await checkWrite(trx, r, values);
    return insertRow(trx, r, values, now);
  });
}

/**
 * The generic create of `r` inside another write's transaction (a coin application's approval creates
 * its currency): the same ability check, struct, settling, bounds, write hook, reference and uniqueness
 * checks and insert as `POST <create path>`, so a row made this way is one that call could have made.
 * Refusals are the resource's own ApiErrors (`admin.currency.code_taken`); the caller's transaction
 * rolls back with them. `req` null is the demo seed's (no caller, no ability to check).
 */
export async function createWithin(req: FastifyRequest | null, trx: Transaction<DB>, r: Resource, body: unknown, now?: Date): Promise<Row> {
  if (req) await allow(req, r, 'create');
  return insertChecked(req, trx, r, createValues(r, body), now ?? req?.server.deps.now() ?? new Date());
}

/** Grape answers POST with 201 and everything else with 200. */
const statusOf = (req: FastifyRequest) => (req.method === 'POST' ? 201 : 200);

export function handlers(r: Resource) {
  return {
    async list(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'list');
      const q = valid(validateListQuery(r, req.query));
      const { rows, total } = await listRows(req.server.deps.db.kysely, r, q);
      reply.header('Total', String(total)).header('Page', String(q.page)).header('Per-Page', String(q.limit));
      return rows.map((row) => toWire(r, row));
    },

    /** An enum field's values (ApiDecl.choices), for whoever may list the rows. */
    choices(field: string) {
      const f = r.fields[field];
      if (f?.kind !== 'enum' || !f.values) throw new Error(`${r.name}: choices of '${field}', which is not an enum field`);
      const values = [...f.values];
      return async (req: FastifyRequest) => { await allow(req, r, 'list'); return values; };
    },

    async get(req: FastifyRequest<{ Params: { id: string } }>) {
      await allow(req, r, 'get');
      const row = await getRow(req.server.deps.db.kysely, r, keyFrom(r, req.params.id));
      if (!row) throw notFound(r);
      return toWire(r, row);
    },

    async create(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'create');
      const values = createValues(r, req.body);
      const row = await withAudit(req, { topic: r.name, action: 'create' }, (trx) => insertChecked(req, trx, r, values, req.server.deps.now()));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },

    async update(req: FastifyRequest, reply: FastifyReply) {
      const checked = validateUpdate(r, req.body);
      const written = checked.ok ? attributes(r, checked.value) : undefined;
      await allow(req, r, 'update', written && { fromBody: written });
      const { [r.key]: key, ...values } = valid(checked);
      const id = key as Key;
      const row = await withAudit(req, { topic: r.name, action: 'update' }, (trx) => guarded(r, async () => {
        const stored = await getRow(trx, r, id);
        if (!stored) throw notFound(r);
        const settled = settle(r, values, stored);
        checkBounds(r, { ...stored, ...settled });
        await runWriteHook(r.name, { req, trx, values: settled, stored });
        const derived = storedDerived(r, { ...stored, ...settled });
        await checkWrite(trx, r, settled, id, stored);
        return (await updateRow(trx, r, id, { ...settled, ...derived }, req.server.deps.now(), Object.keys(derived)))!;
      }));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },

    /** A toggle with a call of its own (lock_peer): the key and that one field, authorised on that attribute. */
    action(a: ActionDef) {
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const f = r.fields[a.field]!;
        await allow(req, r, 'update', [f.attribute ?? a.field]);
        const body = (req.body && typeof req.body === 'object' ? req.body : {}) as Row;
        const key = keyFrom(r, body[r.key]);
        const [err, value] = fieldStruct({ ...f, readOnly: false }).validate(body[a.field], { coerce: true });
        if (err || value === undefined) {
          const code = `${r.errorPrefix}.${body[a.field] === undefined ? 'missing' : 'invalid'}_${a.field}`;
          throw new ApiError(422, [code], { [a.field]: [code] });
        }
        const row = await withAudit(req, { topic: r.name, action: 'update', data: { [r.key]: key, [a.field]: value } }, (trx) => guarded(r, async () => {
          // The resource's own rule sees the switch as an update of that one field (an e-mail notification's superadmin rule).
          if (hasWriteHook(r.name)) {
            const stored = await getRow(trx, r, key);
            if (!stored) throw notFound(r);
            await runWriteHook(r.name, { req, trx, values: { [a.field]: value }, stored });
          }
          const done = await updateRow(trx, r, key, { [a.field]: value }, req.server.deps.now(), [a.field]);
          if (!done) throw notFound(r);
          return done;
        }));
        return reply.status(statusOf(req)).send(toWire(r, row));
      };
    },

    async delete(req: FastifyRequest, reply: FastifyReply) {
      await allow(req, r, 'delete');
      const q = req.query as Record<string, unknown> | undefined;
      const b = req.body as Record<string, unknown> | undefined;
      const id = keyFrom(r, q?.[r.key] ?? (b && typeof b === 'object' ? b[r.key] : undefined));
      const row = await withAudit(req, { topic: r.name, action: 'delete', data: { [r.key]: id } }, (trx) => guarded(r, async () => {
        const gone = await deleteRow(trx, r, id);
        if (!gone) throw notFound(r);
        return gone;
      }, true));
      return reply.status(statusOf(req)).send(toWire(r, row));
    },
  };
}
