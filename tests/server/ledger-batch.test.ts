/**
 * A batch posting across many accounts (postMany: a bulk cancel's releases, the demo seed's trading
 * history) changes each account once, stamps each with its own latest posting's time, and leaves the
 * database sound. On PGlite, the accounts used to be locked with `(user_id, currency_id) IN (…)` of one
 * row constructor per account: after a batch of a few hundred accounts the next statement that failed
 * took the embedded engine down with it ("Aborted()", or a PANIC, ERRORDATA_STACK_SIZE exceeded) instead
 * of failing alone. The keys now go as arrays (unnest).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import { postMany, type Posting } from '../../src/server/ledger/post.js';
import { checkLedger } from '../../src/server/ledger/check.js';
import { holdEntries } from '../../src/server/trading/orders.js';

const MEMBERS = 600, POSTINGS = 1_000, CUR = 'lbt';
const T0 = new Date('2026-03-01T00:00:00Z');
let db: Database;
let ids: number[];

beforeAll(async () => {
  db = await openTestDb();
  const k = db.kysely;
  await k.insertInto('currencies').values({ code: CUR, name: 'Ledger Batch Token', type: 'coin', precision: 8 } as never).execute();
  ids = (await sql<{ id: number }>`INSERT INTO users (uid, email, password_digest, state)
    SELECT 'IDLB' || lpad(g::text, 8, '0'), 'lb' || g || '@example.test', 'x', 'active' FROM generate_series(1, ${MEMBERS}) g
    RETURNING id`.execute(k)).rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  // Empty accounts (no operations, nothing held), funded through the ledger in one batch.
  await sql`INSERT INTO accounts (user_id, currency_id, balance, locked) SELECT id, ${CUR}, 0, 0 FROM unnest(${ids}::bigint[]) id`.execute(k);
  await postMany(k, ids.map((member, i) => ({
    reference: { type: 'Deposit', id: i + 1 }, at: T0,
    entries: [{ code: 102 as const, currency: CUR, credit: '10' }, { code: 202 as const, currency: CUR, member, credit: '10' }],
  })));
}, 60_000);
afterAll(async () => { await db?.close(); });

it('posts a batch over hundreds of accounts in one go, and a failing statement after it fails alone', async () => {
  // Locked, released, locked again: three batches (the failure did not follow every one).
  const at = (round: number, i: number) => new Date(T0.getTime() + (round * POSTINGS + i + 1) * 60_000);
  for (const [round, dir] of (['lock', 'unlock', 'lock'] as const).entries()) {
    const postings: Posting[] = Array.from({ length: POSTINGS }, (_, i) => ({
      reference: { type: 'Order', id: i + 1 }, at: at(round, i), entries: holdEntries(ids[i % MEMBERS]!, CUR, 'coin', '1', dir),
    }));
    await db.kysely.transaction().execute((trx) => postMany(trx, postings));
    await expect(sql`SELECT 1 / 0`.execute(db.kysely), `after batch ${round + 1}`).rejects.toThrow(/division by zero/);
  }
  const accounts = (await sql<{ user_id: number; balance: string; locked: string; updated_at: Date }>`
    SELECT user_id, balance::text, locked::text, updated_at FROM accounts WHERE currency_id = ${CUR} ORDER BY user_id`.execute(db.kysely)).rows;
  expect(accounts).toHaveLength(MEMBERS);
  for (const [n, a] of accounts.entries()) {
    // Members 0…399 (by id) got two postings a batch, the rest one; each account carries its last one's time.
    const times = n < POSTINGS - MEMBERS ? 2 : 1;
    const last = n + (times - 1) * MEMBERS;
    expect([Number(a.balance), Number(a.locked), a.updated_at.getTime()]).toEqual([10 - times, times, at(2, last).getTime()]);
  }
  expect((await checkLedger(db.kysely)).problems).toEqual([]);
});
