/**
 * Every user-directory filter can be answered from an index: with sequential scans disabled, the plan
 * of each filtered query must not fall back to one on users (the planner only does that when no index
 * applies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery, sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { filtered, type UserFilter } from '../../src/server/db/queries/users-admin.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t?.close(); });

const FILTERS: [string, Omit<UserFilter, 'range'> & { range?: UserFilter['range'] }][] = [
  ['email', { email: 'ali' }],
  ['uid', { uid: 'ID123' }],
  ['role', { role: 'admin' }],
  ['country', { country: 'DE' }],
  ['level', { level: 2 }],
  ['state', { state: 'banned' }],
  ['username', { username: 'bo' }],
  ['phone_number', { phone_number: '49' }],
  ['platform', { platform: 'ios' }],
  ['referral_of', { referral_of: 'ID1' }],
  ['referral_limit', { referral_limit: 5 }],
  ['created range', { from: new Date('2026-01-01'), to: new Date('2026-02-01') }],
  ['updated range', { range: 'updated', from: new Date('2026-01-01') }],
];

describe('user directory filters use indexes', () => {
  it.each(FILTERS)('%s', async (_name, f) => {
    const q = filtered(t.db.kysely, { range: 'created', ...f }).select('id').compile();
    const plan = await t.db.kysely.transaction().execute(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const res = await trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`EXPLAIN ${q.sql}`, [...q.parameters]));
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).not.toMatch(/Seq Scan on users/);
    expect(plan).toMatch(/Index|Bitmap/);
  });
});
