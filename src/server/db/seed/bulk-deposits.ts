/**
 * A year of deposits at exchange scale (PostgreSQL), appended beside the bulk trading history (bulk-trading.ts)
 * so the deposits list is measured at the size of the withdrawals: one INSERT … SELECT per batch, indexes and
 * keys set aside while it loads (bulk.ts), deterministic (hashes of the row number). Shape: the currencies
 * weighted as deposited on a venue (coin deposits with their chain, address, txid and block; fiat with a
 * transfer reference), members skewed toward a long tail with the five market makers making a tenth of
 * them, ids following time. States as the two flows end: coin accepted then collected (a few skipped: below
 * the collection threshold), fiat accepted; some rejected, canceled or errored; the newest half a percent
 * still on their way (submitted, processing, fee_processing, aml_processing, one in fifty of those
 * aml_suspicious). Like the finished withdrawals they are history before the ledger's cut-over (bulk-trading.ts):
 * no postings, so `npm run ledger:check` still passes.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { exec, makeContext } from './context.js';
import { bulkLoad } from './bulk.js';
import { staffByRole } from './staff.js';
import { customerRange, hashRandom, marketBuckets, setSequence } from './bulk-trading.js';

/** Deposited currencies: share of the deposits, typical amount. */
const DEPOSITED: ReadonlyArray<readonly [string, number, number]> = [
  ['btc', 0.25, 0.15], ['eth', 0.2, 2], ['usdt', 0.3, 1_500], ['usd', 0.15, 2_500], ['eur', 0.1, 2_000],
];
const SPAN_S = 365 * 86_400;
const QUEUED_SHARE = 0.005;
const BATCH = 500_000;

export interface BulkDepositsResult { deposits: number; ms: number }

export async function seedBulkDeposits(db: Kysely<DB>, count: number, now = new Date()): Promise<BulkDepositsResult> {
  const started = Date.now();
  const at0 = new Date(Math.floor(now.getTime() / 1000) * 1000 - SPAN_S * 1000).toISOString();
  await db.transaction().execute(async (trx) => {
    await sql`SET LOCAL TimeZone = 'UTC'`.execute(trx);
    await sql`SET LOCAL jit = off`.execute(trx);
    await sql`SET LOCAL steward.events = 'off'`.execute(trx);
    const ctx = makeContext(trx, 0, now, () => {});
    const { lo, hi } = await customerRange(trx);
    const n = hi - lo + 1;
    const present = new Set((await trx.selectFrom('currencies').select('code').execute()).map((c) => c.code));
    const rows = DEPOSITED.filter(([c]) => present.has(c));
    if (!rows.length || count < 1) return;
    const buckets = marketBuckets(rows.map((r) => r[1])).map((b) => b + 1);
    const cur = `(ARRAY[${rows.map(([c]) => `'${c}'`).join(', ')}])`;
    const typical = `(ARRAY[${rows.map((r) => r[2]).join(', ')}]::float8[])`;
    const base = Number((await sql<{ m: string | null }>`SELECT max(id)::text AS m FROM deposits`.execute(trx)).rows[0]?.m ?? 0) + 1;
    const queuedFrom = count - Math.max(1, Math.round(count * QUEUED_SHARE));
    const admin = staffByRole('admin').id;
    await hashRandom(ctx);
    await bulkLoad(ctx, ['deposits'], async () => {
      for (let from = 0; from < count; from += BATCH) {
        const to = Math.min(count, from + BATCH);
        await exec(ctx, `INSERT INTO deposits (id, user_id, currency_id, blockchain_key, amount, fee, address, txid, txout, block_number,
            type, state, tid, decided_by, created_at, updated_at, completed_at)
          SELECT ${base} + d.i, d.member, c.code, CASE WHEN c.type <> 'fiat' THEN c.blockchain_key END,
            greatest(round((d.typical * (0.02 + 3 * d.r ^ 2))::numeric, least(c.precision, 6)), 1), 0,
            CASE WHEN c.type = 'fiat' THEN NULL WHEN c.code = 'btc' THEN 'bc1q' || left(md5('a' || d.member), 38)
              ELSE '0x' || left(md5('a' || d.member) || md5('b' || d.member), 40) END,
            CASE WHEN c.type <> 'fiat' THEN '0x' || md5('d' || d.i) || md5('e' || d.i) END,
            CASE WHEN c.type <> 'fiat' THEN (d.i % 4)::int END,
            CASE WHEN c.type <> 'fiat' THEN 700000 + d.i / 40 END,
            CASE c.type WHEN 'fiat' THEN 'fiat' ELSE 'coin' END,
            CASE WHEN d.state = 'collected' AND c.type = 'fiat' THEN 'accepted' ELSE d.state END,
            'TIDD' || lpad((${base} + d.i)::text, 12, '0'),
            CASE WHEN d.state IN ('rejected', 'accepted', 'collected', 'skipped') THEN ${admin} END,
            d.at, d.at + CASE WHEN d.i >= ${queuedFrom} THEN interval '0' ELSE interval '40 minutes' END,
            CASE WHEN d.state IN ('collected', 'skipped', 'rejected', 'canceled', 'accepted') AND d.i < ${queuedFrom} THEN d.at + interval '40 minutes' END
          FROM (
            SELECT i, ${cur}[b] AS cur, ${typical}[b] AS typical, pg_temp.rnd(i, 24) AS r, timestamptz '${at0}' + make_interval(secs => i * ${SPAN_S / count}) AS at,
              CASE WHEN pg_temp.rnd(i, 22) < 0.1 THEN ${lo} + (i % 5) ELSE ${lo} + floor(${n} * pg_temp.rnd(i, 23) ^ 2)::bigint END AS member,
              CASE WHEN i >= ${queuedFrom} THEN (CASE WHEN i % 50 = 0 THEN 'aml_suspicious' WHEN i % 4 = 0 THEN 'submitted' WHEN i % 4 = 1 THEN 'processing'
                  WHEN i % 4 = 2 THEN 'fee_processing' ELSE 'aml_processing' END)
                ELSE (CASE WHEN pg_temp.rnd(i, 25) < 0.9 THEN 'collected' WHEN pg_temp.rnd(i, 25) < 0.94 THEN 'skipped'
                  WHEN pg_temp.rnd(i, 25) < 0.97 THEN 'rejected' WHEN pg_temp.rnd(i, 25) < 0.99 THEN 'canceled' ELSE 'errored' END) END AS state
            FROM generate_series(${from}, ${to - 1}) AS i
            CROSS JOIN LATERAL (SELECT (ARRAY[${buckets.join(', ')}])[1 + floor(pg_temp.rnd(i, 21) * 100)::int] AS b) x
          ) d JOIN currencies c ON c.code = d.cur`);
      }
      await setSequence(ctx, 'deposits');
    });
  });
  await sql`VACUUM (ANALYZE) deposits`.execute(db);
  return { deposits: count, ms: Date.now() - started };
}
