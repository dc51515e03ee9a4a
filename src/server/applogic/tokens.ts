/**
 * Tokens and NFE categories on the application-logic service. Lists, reads, creates and updates are the
 * engine's generic handlers; what is theirs alone lives here: a token row's rules (write hook: an item's
 * number, category and supply of one; a fungible token's code a listed currency's, once; nothing changes
 * on a burned token; an item's holder, once it has one, and its burn are its NFE transactions') and the checks the CSV Upload runs over a whole file at once (token-upload.ts),
 * which are the same rules asked of the database in bulk rather than row by row.
 */
import type { Kysely, Transaction } from 'kysely';
import { tokenRowErrors, tokens } from '../../shared/resources/tokens.js';
import type { DB } from '../db/schema.js';
import { ApiError } from '../plugins/errors.js';
import { registerWriteHook } from '../resources/write-hooks.js';
import { supplyRefusal } from './token-configs.js';

const P = tokens.errorPrefix;
const refuse = (field: string, c: string) => new ApiError(422, [`${P}.${c}`], { [field]: [`${P}.${c}`] });

/** A token row normalised as stored: a fungible code in lower case (a currency's), a holder's UID in upper case. */
export function normaliseToken(values: Record<string, unknown>, row: Record<string, unknown>): void {
  if (row.kind === 'fungible' && typeof values.code === 'string') values.code = values.code.toLowerCase();
  if (typeof values.owner_uid === 'string') values.owner_uid = values.owner_uid.toUpperCase();
}

export function registerTokenHooks(): void {
  registerWriteHook(tokens.name, async ({ trx, values, stored }) => {
    if (stored.state === 'burned') throw refuse('state', 'burned');
    // After its mint an item moves only by its transactions (money/nfe.ts), which keep its history.
    if (stored.kind === 'nfe') {
      if (values.state === 'burned') throw refuse('state', 'burn_by_transaction');
      const sent = typeof values.owner_uid === 'string' ? values.owner_uid.toUpperCase() : values.owner_uid;
      if (stored.owner_uid != null && values.owner_uid !== undefined && sent !== stored.owner_uid) throw refuse('owner_uid', 'holder_changes_by_transaction');
    }
    const row = { ...stored, ...values };
    normaliseToken(values, row);
    Object.assign(row, values);
    const [bad] = tokenRowErrors(row);
    if (bad) throw refuse(bad[0], bad[1]);
    if (row.kind === 'fungible' && stored.id !== undefined && values.supply !== undefined) {
      const no = await supplyRefusal(trx, Number(stored.id), String(stored.supply), String(values.supply));
      if (no) throw refuse('supply', no);
    }
    if (row.kind !== 'fungible' || values.code === undefined) return;
    const code = String(row.code);
    if (!(await trx.selectFrom('currencies').select('code').where('code', '=', code).executeTakeFirst())) throw refuse('code', 'currency_doesnt_exist');
    let q = trx.selectFrom('tokens').select('id').where('code', '=', code).where('token_number', 'is', null);
    if (stored.id !== undefined) q = q.where('id', '<>', Number(stored.id));
    if (await q.executeTakeFirst()) throw refuse('code', 'code_taken');
  });
}

/** Values of `column` among `wanted` that exist in `table` (asked in chunks: a 50,000-row file names many). */
export async function existing(db: Kysely<DB> | Transaction<DB>, table: 'currencies' | 'blockchains' | 'nfe_categories' | 'users',
  column: string, wanted: Iterable<string | number>): Promise<Set<string>> {
  const all = [...new Set(wanted)];
  const found = new Set<string>();
  for (let i = 0; i < all.length; i += 5000) {
    const chunk = all.slice(i, i + 5000);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const rows = await (db as Kysely<any>).selectFrom(table).select(`${column} as v`).where(column, 'in', chunk).execute();
    for (const r of rows as { v: unknown }[]) found.add(String(r.v));
  }
  return found;
}

/** `code|token_number` ('' for a fungible token) of the stored tokens with these codes. */
export async function takenKeys(db: Kysely<DB> | Transaction<DB>, codes: Iterable<string>): Promise<Set<string>> {
  const all = [...new Set(codes)];
  const found = new Set<string>();
  for (let i = 0; i < all.length; i += 5000) {
    const rows = await db.selectFrom('tokens').select(['code', 'token_number']).where('code', 'in', all.slice(i, i + 5000)).execute();
    for (const r of rows) found.add(`${r.code}|${r.token_number ?? ''}`);
  }
  return found;
}
