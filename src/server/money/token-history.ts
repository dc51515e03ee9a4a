/**
 * Token history (src/server/applogic/README.md, Token history): a fungible token's price and supply over time,
 * two ways. A presale close that allots the token appends a row in its own transaction (source `allotment`, the
 * presale's price); the daily snapshot appends one row per fungible token per UTC day (source `snapshot`, the
 * last trade of the token's markets, else the token's latest recorded price; a token with neither gets no row)
 * — once, however often and on however many servers it runs: the (token, day) key and ON CONFLICT DO NOTHING.
 * `supply` is the token's total supply; `circulating` what members hold on the platform (their accounts'
 * balance + locked in the token's currency: the ledger's liabilities).
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** How often the server looks for a day without its snapshot (a missed day is taken at the next look). */
export const SNAPSHOT_EVERY_MS = 15 * 60 * 1000;

/** What members hold of a currency on the platform (balance + locked). */
export async function circulatingOf(db: Kysely<DB>, currency: string): Promise<string> {
  const r = await db.selectFrom('accounts').select(sql<string>`coalesce(sum(balance + locked), 0)::text`.as('n'))
    .where('currency_id', '=', currency).executeTakeFirstOrThrow();
  return r.n;
}

/** Appends the allotment row of a presale that allotted `token_currency`, when that currency is a listed fungible token. */
export async function recordAllotment(
  trx: Kysely<DB>, p: { id: number; token_currency: string; price: string; price_currency: string }, at: Date,
): Promise<boolean> {
  const token = await trx.selectFrom('tokens').select(['id', 'supply']).where('kind', '=', 'fungible').where('code', '=', p.token_currency)
    .where('state', '<>', 'burned').executeTakeFirst();
  if (!token) return false;
  await trx.insertInto('token_history').values({
    token_id: Number(token.id), source: 'allotment', price: p.price, price_currency: p.price_currency, supply: token.supply,
    circulating: await circulatingOf(trx, p.token_currency), presale_id: p.id, recorded_at: at, created_at: at, updated_at: at,
  }).execute();
  return true;
}

/** The token's price at `at`: its markets' latest trade, else its latest recorded price. */
async function priceOf(db: Kysely<DB>, token: number, currency: string, at: Date): Promise<{ price: string; currency: string } | null> {
  const markets = await db.selectFrom('markets').select(['id', 'quote_unit']).where('base_unit', '=', currency).orderBy('id').execute();
  let best: { price: string; currency: string; at: Date } | null = null;
  for (const m of markets) {
    const t = await db.selectFrom('trades').select(['price', 'created_at']).where('market_id', '=', m.id).where('created_at', '<=', at)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (t && (!best || t.created_at > best.at)) best = { price: t.price, currency: m.quote_unit, at: t.created_at };
  }
  if (best) return best;
  const last = await db.selectFrom('token_history').select(['price', 'price_currency']).where('token_id', '=', token).where('recorded_at', '<=', at)
    .orderBy('recorded_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return last ? { price: last.price, currency: last.price_currency } : null;
}

/** Appends today's (UTC) snapshot of every fungible token that has none yet; answers how many rows it added. */
export async function snapshotTokenHistory(db: Kysely<DB>, at: Date): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  const tokens = await db.selectFrom('tokens').select(['id', 'code', 'supply']).where('kind', '=', 'fungible').where('state', '<>', 'burned')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('token_history').select('id').whereRef('token_history.token_id', '=', 'tokens.id')
      .where('snapshot_day', '=', day)))).orderBy('id').execute();
  let added = 0;
  for (const t of tokens) {
    const price = await priceOf(db, Number(t.id), t.code, at);
    if (!price) continue;
    const done = await db.insertInto('token_history').values({
      token_id: Number(t.id), source: 'snapshot', price: price.price, price_currency: price.currency, supply: t.supply,
      circulating: await circulatingOf(db, t.code), snapshot_day: day, recorded_at: at, created_at: at, updated_at: at,
    }).onConflict((oc) => oc.columns(['token_id', 'snapshot_day']).doNothing()).executeTakeFirst();
    added += Number(done.numInsertedOrUpdatedRows ?? 0n);
  }
  return added;
}

/**
 * Takes the daily snapshot now and then every `everyMs` (the timer does not keep the process alive).
 * Returns the stop function; a failed run is reported to `onError` and the next one tries again.
 */
export function keepTokenHistory(db: Kysely<DB>, now: () => Date, onError: (err: unknown) => void, everyMs = SNAPSHOT_EVERY_MS): () => void {
  const run = () => { snapshotTokenHistory(db, now()).catch(onError); };
  run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
