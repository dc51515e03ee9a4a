/**
 * What an UPDATE of users sets off in the database (migrations 0006, 0008, 0058): the session cache hears
 * of each user whose uid, e-mail, username, role, level, state or OTP changed ('*' past 100 in one
 * statement), and a user banned, deactivated, deleted or locked loses their sessions — for one row or
 * many in one statement. The changed rows are found by EXCEPT, not by joining the statement's old and new
 * rows (a join PostgreSQL planned as a nested loop: 20,000 users in one statement took 35 s). And a referrer's
 * count of referrals (0059) loses none to concurrent sign-ups naming them.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser } from '../helpers/users.js';

let t: TestApp;
let heard: string[] = [];
let stop: () => Promise<void>;
beforeAll(async () => {
  t = await testApp();
  stop = await t.db.listen('steward_auth', { payload: (p) => heard.push(p), lost: () => {}, ready: () => {} });
});
afterAll(async () => { await stop?.(); await t?.close(); });

const SESSION = { csrf_token: 'c', user_agent: 'ua', created_at: new Date(), last_seen_at: new Date(), expires_at: new Date(Date.now() + 3_600_000) };
async function usersWithSessions(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await createUser(t.db)).id);
  await t.db.kysely.insertInto('sessions').values(ids.map((id) => ({
    id_hash: `trigger-test-${id}`, user_id: id, ...SESSION,
  }))).execute();
  return ids;
}
const sessionsOf = async (ids: number[]) => (await t.db.kysely.selectFrom('sessions').select('user_id').where('user_id', 'in', ids)
  .orderBy('user_id').execute()).map((r) => r.user_id);
/** What the session cache heard from one statement (delivered at commit; a moment later on PostgreSQL). */
async function heardFrom(statement: () => Promise<unknown>, expected: (got: string[]) => void): Promise<void> {
  heard = [];
  await statement();
  await vi.waitFor(() => expected([...heard].sort()), { timeout: 2_000, interval: 10 });
}

describe('an UPDATE of users', () => {
  it('notifies the users whose gated fields changed, one statement over several rows, and none whose did not', async () => {
    const [a, b, c] = await usersWithSessions(3);
    await heardFrom(() => sql`UPDATE users SET level = CASE WHEN id = ${a} THEN level + 1 ELSE level END, otp = (id = ${b}) <> otp,
      updated_at = now() WHERE id IN (${a}, ${b}, ${c})`.execute(t.db.kysely), (got) => expect(got).toEqual([`u:${a}`, `u:${b}`].sort()));
    // A change of a field the gate does not read is not heard; NULLs compare equal (a username left NULL).
    await t.db.kysely.updateTable('users').set({ username: null, data: JSON.stringify({ x: 1 }) }).where('id', 'in', [a, b, c]).execute();
    heard = [];
    await t.db.kysely.updateTable('users').set({ username: null, data: JSON.stringify({ x: 2 }) }).where('id', 'in', [a, b, c]).execute();
    await t.db.kysely.updateTable('users').set({ level: 2 }).where('id', '=', c).execute();
    await vi.waitFor(() => expect(heard).toEqual([`u:${c}`]), { timeout: 2_000, interval: 10 });
    expect(await sessionsOf([a, b, c])).toEqual([a, b, c]);
  });

  it('says "*" past 100 users in one statement', async () => {
    const ids = (await Promise.all(Array.from({ length: 101 }, () => createUser(t.db)))).map((u) => u.id);
    await heardFrom(() => t.db.kysely.updateTable('users').set((eb) => ({ level: eb('level', '+', 1) })).where('id', 'in', ids).execute(),
      (got) => expect(got).toEqual(['*']));
  });

  it('ends the sessions of users leaving active or pending, in one statement over many, and of no one else', async () => {
    const ids = await usersWithSessions(6);
    const [banned, locked, already, stays, pending] = ids;
    await t.db.kysely.updateTable('users').set({ state: 'inactive' }).where('id', '=', already!).execute();
    expect(await sessionsOf([already!])).toEqual([]);
    // Put a session back for a user already inactive: a statement that leaves their state as it is does not end it.
    await t.db.kysely.insertInto('sessions').values({ id_hash: 'trigger-test-again', user_id: already!, ...SESSION }).execute();
    await sql`UPDATE users SET state = CASE id WHEN ${banned} THEN 'banned' WHEN ${locked} THEN 'locked' WHEN ${pending} THEN 'pending'
      ELSE state END WHERE id IN (${sql.join(ids)})`.execute(t.db.kysely);
    expect(await sessionsOf(ids)).toEqual([already, stays, pending, ids[5]].sort((x, y) => x! - y!));
  });

  it('counts every referral of concurrent inserts naming one referrer (each its own connection on PostgreSQL)', async () => {
    const referrer = await createUser(t.db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => t.db.kysely.insertInto('users')
      .values({ uid: `IDCONCREF${String(i).padStart(3, '0')}`, email: `concurrent${i}@referrals.test`, password_digest: '!', referral_uid: referrer.uid }).execute()));
    const row = await t.db.kysely.selectFrom('users').select('referrals').where('id', '=', referrer.id).executeTakeFirstOrThrow();
    expect(row.referrals).toBe(20);
  });
});
