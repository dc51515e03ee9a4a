import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check.js';
import { orderOutcomes, tradingBreaches } from './trading-invariants.js';
import { generate, verify } from 'otplib';
import { sql } from 'kysely';
import { openTestDb } from '../helpers/db.js';
import type { Database } from '../../src/server/db/index.js';
import {
  isSeeded, seedDemo, stageLine, customerUid, CUSTOMER_ID_BASE, DEMO_TOTP_SECRET, SIGNUP_METHOD_KEY, STAFF_ROLES, type SeedResult,
} from '../../src/server/db/seed/index.js';
import { demoSignIn, formatBanner } from '../../src/server/db/seed/banner.js';
import { insertHelpCentre } from '../../src/server/db/seed/help-centre.js';
import { makeContext } from '../../src/server/db/seed/context.js';
import { verifyPassword } from '../../src/server/auth/passwords.js';
import { verifyTotp } from '../../src/server/auth/totp.js';
import { openOtpSecret } from '../../src/server/auth/otp-secrets.js';
import { checkDocumentFile } from '../../src/server/auth/documents/file-check.js';

const NOW = new Date('2026-06-15T12:00:00Z');
const YEAR_AGO = new Date(NOW.getTime() - 365 * 86_400_000);
const PASSWORD = 'Demo-pass-123';
const USERS = 300;
const ACTIVITIES = 6_000;
const KEY = Buffer.from('c3'.repeat(32), 'hex');

let a: Database;
let b: Database;
let seeded: SeedResult;
let emptyBefore: boolean;
/** The stages each seed reported, in order, with their times. */
const stages: Record<'a' | 'b', Array<[string, number]>> = { a: [], b: [] };

const rows = async <T>(db: Database, text: string) => (await sql.raw<T>(text).execute(db.kysely)).rows;
const one = async <T>(db: Database, text: string) => (await rows<T>(db, text))[0];

beforeAll(async () => {
  a = await openTestDb();
  b = await openTestDb();
  emptyBefore = !(await isSeeded(a.kysely));
  // The test template already carries the default permissions; start without them to see the seed add them.
  await a.kysely.deleteFrom('permissions').execute();
  seeded = await seedDemo(a.kysely, {
    users: USERS, activities: ACTIVITIES, password: PASSWORD, now: NOW, onStage: (s, ms) => stages.a.push([s, ms]),
  });
  // b takes the bulk path (indexes, keys and rollup trigger set aside): it must give the same data. With a
  // secrets key, its TOTP secrets are stored sealed (a has none: plaintext, as without STEWARD_SECRETS_KEY).
  await seedDemo(b.kysely, {
    users: USERS, activities: ACTIVITIES, password: PASSWORD, now: NOW, bulk: true, onStage: (s, ms) => stages.b.push([s, ms]), secretsKey: KEY,
  });
});
afterAll(async () => { await a?.close(); await b?.close(); });

describe('demo seed', () => {
  it('marks the database seeded, and refuses to seed over users', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isSeeded(a.kysely)).toBe(true);
    await expect(seedDemo(a.kysely, { users: 5, password: PASSWORD, now: NOW })).rejects.toThrow(/already has users/);
  });

  it('leaves planner statistics, so estimated totals are near the real counts from the first view', async () => {
    const plan = await one<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(a, `EXPLAIN (FORMAT JSON) SELECT 1 FROM activities WHERE category = 'user'`);
    const real = Number((await one<{ n: string }>(a, `SELECT count(*) AS n FROM activities WHERE category = 'user'`)).n);
    expect(plan['QUERY PLAN'][0].Plan['Plan Rows']).toBeGreaterThan(real * 0.8);
    expect(plan['QUERY PLAN'][0].Plan['Plan Rows']).toBeLessThan(real * 1.2);
  });

  it('is deterministic: the same options give the same rows', async () => {
    const fingerprint = (db: Database) => one<{ u: string; l: string; act: string; svc: string; acc: string; ben: string; push: string }>(db, `SELECT
      (SELECT md5(string_agg(concat_ws('|', id, uid, email, username, state, level, role, country, phone_number, referral_uid,
        created_at::text), ',' ORDER BY id)) FROM users) AS u,
      (SELECT md5(string_agg(concat_ws('|', user_id, key, value, scope), ',' ORDER BY user_id, key, scope)) FROM labels) AS l,
      (SELECT md5(string_agg(concat_ws('|', user_id, target_id, topic, action, result, user_ip, created_at::text, data::text), ','
        ORDER BY user_id, created_at, topic, action, result, user_ip, data::text)) FROM activities) AS act,
      (SELECT md5(string_agg(concat_ws('|', uid, service_name, topic, result, created_at::text), ','
        ORDER BY uid, created_at, service_name, topic, result)) FROM service_logs) AS svc,
      (SELECT md5(string_agg(concat_ws('|', user_id, currency_id, balance, locked), ',' ORDER BY user_id, currency_id)) FROM accounts) AS acc,
      (SELECT md5(string_agg(concat_ws('|', user_id, currency_id, name, data::text, state, created_at::text), ',' ORDER BY id)) FROM beneficiaries) AS ben,
      (SELECT md5(string_agg(concat_ws('|', r.user_id, r.device_id, r.status, n.title, n.created_at::text), ',' ORDER BY r.id))
        FROM notification_recipients r JOIN notifications n ON n.id = r.notification_id) AS push`);
    expect(await fingerprint(a)).toEqual(await fingerprint(b));
    const { counts, ms, ...rest } = seeded;
    expect(counts.users).toBe(USERS + STAFF_ROLES.length + 1);
    expect(counts.activities).toBeGreaterThan(0);
    expect(rest.staff).toHaveLength(STAFF_ROLES.length + 1);
    expect(ms).toBeGreaterThan(0);
    // Customer uids are a documented function of the row number.
    const first = await a.kysely.selectFrom('users').select('uid').where('id', '=', CUSTOMER_ID_BASE + 1).executeTakeFirstOrThrow();
    expect(first.uid).toBe(customerUid(1));
    const bad = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM users WHERE uid !~ '^ID[0-9A-F]{10}$'`);
    expect(bad.n).toBe(0);
  });

  it('restores every index (with its statistics targets), key and trigger after a bulk load, with the same dashboard rollups', async () => {
    const schema = (db: Database) => one<{ s: string }>(db, `SELECT string_agg(x, ',' ORDER BY x) AS s FROM (
      SELECT indexname || ':' || indexdef AS x FROM pg_indexes WHERE schemaname = current_schema()
      -- Per-column statistics targets (the prefix indexes' larger histograms) come back with their index.
      UNION ALL SELECT c.relname || ':' || a.attnum || ':' || a.attstattarget FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid WHERE a.attstattarget >= 0 AND c.relnamespace = current_schema()::regnamespace
      UNION ALL SELECT conname || ':' || pg_get_constraintdef(oid) FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
      UNION ALL SELECT tgname || ':' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal) t`);
    expect(await schema(b)).toEqual(await schema(a));
    const hasRollups = await one<{ t: string | null }>(a, `SELECT to_regclass('metric_rollups')::text AS t`);
    if (hasRollups.t) {
      const sums = (db: Database) => rows(db, `SELECT grain, sum(signups)::int AS s, sum(signups_phone)::int AS sp,
        sum(successful_logins)::int AS ok, sum(failed_logins)::int AS ko FROM metric_rollups WHERE country = '*' GROUP BY 1 ORDER BY 1`);
      const [x, y] = [await sums(a), await sums(b)];
      expect(y).toEqual(x);
      expect(x[0]).toMatchObject({ s: USERS + 12 });
      expect((x[0] as { sp: number }).sp).toBeGreaterThan(0);
      // Every bucket of every grain and country: the rebuild (one grain from the next finer) gives the
      // rows the triggers kept (all three grains folded at once).
      const all = (db: Database) => one<{ m: string; s: string; n: number }>(db, `SELECT
        (SELECT md5(string_agg(concat_ws('|', grain, country, bucket, signups, signups_email, signups_phone, successful_logins, failed_logins),
          ',' ORDER BY grain, country, bucket)) FROM metric_rollups) AS m,
        (SELECT md5(string_agg(concat_ws('|', grain, country, bucket, success, failed, in_progress, suspicious),
          ',' ORDER BY grain, country, bucket)) FROM service_log_rollups) AS s,
        (SELECT count(DISTINCT grain)::int FROM service_log_rollups) AS n`);
      expect(await all(b)).toEqual(await all(a));
      expect((await all(a)).n).toBe(3);
    }
  });

  it('creates one active level-3 staff account per role, with a name and the demo password', async () => {
    const staff = await a.kysely.selectFrom('users').innerJoin('profiles', 'profiles.user_id', 'users.id')
      .select(['users.uid', 'email', 'role', 'users.state', 'level', 'password_digest', 'first_name', 'last_name'])
      .where('email', 'like', '%@steward.demo').orderBy('users.id').execute();
    for (const role of STAFF_ROLES) {
      const s = staff.find((x) => x.email === `${role}@steward.demo`);
      expect(s, role).toMatchObject({ role, state: 'active', level: 3 });
      expect(s!.first_name && s!.last_name).toBeTruthy();
      expect(await verifyPassword(s!.password_digest, PASSWORD)).toBe(true);
    }
    expect(staff.find((s) => s.email === 'admin@steward.demo')!.uid).toBe('ID0000000001');
    expect(await verifyPassword(staff[0].password_digest, 'wrong-password')).toBe(false);
  });

  it('gives the 2FA admin a fixed secret that generates accepted codes', async () => {
    const u = await a.kysely.selectFrom('users').selectAll().where('email', '=', '2fa@steward.demo').executeTakeFirstOrThrow();
    expect(u).toMatchObject({ role: 'admin', otp: true, otp_secret: DEMO_TOTP_SECRET, state: 'active' });
    const token = await generate({ secret: u.otp_secret! });
    expect((await verify({ secret: u.otp_secret!, token })).valid).toBe(true);
    // The time step the code belongs to (null would be a refusal).
    expect(await verifyTotp(u.otp_secret, token, new Date())).not.toBeNull();
    expect(seeded.totp.uri).toMatch(/^otpauth:\/\/totp\/Steward:2fa%40steward\.demo\?.*secret=ON2GK53BOJSC2ZDFNVXS2MTGMEWWWZLZ/);
  });

  it('seals every TOTP secret with a key, the 2FA admin\'s still opening to the demo secret', async () => {
    const secrets = await b.kysely.selectFrom('users').select(['id', 'email', 'otp_secret']).where('otp_secret', 'is not', null).execute();
    expect(secrets.length).toBeGreaterThan(1); // the 2FA admin and customers with 2FA
    for (const r of secrets) expect(r.otp_secret).toMatch(/^sealed:v1:/);
    expect(openOtpSecret(KEY, secrets.find((r) => r.email === '2fa@steward.demo')!)).toBe(DEMO_TOTP_SECRET);
    expect((await demoSignIn(b.kysely, PASSWORD, KEY))!.totp?.secret).toBe(DEMO_TOTP_SECRET);
    expect((await demoSignIn(b.kysely, PASSWORD, null))!.totp).toBeUndefined(); // a key it cannot open with: no 2FA line
  });

  it('spreads customers over states, roles, levels, platforms and countries', async () => {
    const distinct = async (col: string) =>
      (await rows<{ v: string }>(a, `SELECT DISTINCT ${col}::text AS v FROM users WHERE id > ${CUSTOMER_ID_BASE}`)).map((r) => r.v);
    expect(await distinct('state')).toEqual(expect.arrayContaining(['active', 'pending', 'inactive', 'banned']));
    expect(await distinct('role')).toEqual(expect.arrayContaining(['member', 'trader', 'broker', 'investor']));
    expect(await distinct('level')).toEqual(expect.arrayContaining(['0', '1', '2', '3']));
    expect(await distinct('platform')).toEqual(expect.arrayContaining(['web', 'android', 'ios']));
    const countries = await distinct('country');
    expect(countries.length).toBeGreaterThanOrEqual(30);
    expect(countries.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    const active = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM users WHERE state = 'active'`);
    expect(active.n / (USERS + 12)).toBeGreaterThan(0.7);
  });

  it('counts each referrer\'s referrals as the referred users name them, in bulk as row by row', async () => {
    for (const db of [a, b]) {
      const wrong = await one<{ n: number; referrers: number }>(db, `SELECT count(*) FILTER (WHERE u.referrals <> coalesce(c.n, 0))::int AS n,
        count(c.n)::int AS referrers FROM users u LEFT JOIN (SELECT referral_uid, count(*)::int AS n FROM users GROUP BY 1) c ON c.referral_uid = u.uid`);
      expect(wrong.n).toBe(0);
      expect(wrong.referrers).toBeGreaterThan(10);
    }
  });

  it('keeps levels and states consistent with the private labels', async () => {
    const has = (key: string) =>
      `EXISTS (SELECT 1 FROM labels l WHERE l.user_id = u.id AND l.scope = 'private' AND l.key = '${key}' AND l.value = 'verified')`;
    const mismatch = await one<{ n: number; pending_verified: number; active_unverified: number }>(a, `SELECT
      count(*) FILTER (WHERE level <> CASE WHEN NOT ${has('email')} THEN 0 WHEN NOT ${has('phone')} THEN 1
        WHEN NOT ${has('document')} THEN 2 ELSE 3 END)::int AS n,
      count(*) FILTER (WHERE state = 'pending' AND ${has('email')})::int AS pending_verified,
      count(*) FILTER (WHERE state = 'active' AND NOT ${has('email')})::int AS active_unverified
      FROM users u`);
    expect(mismatch).toEqual({ n: 0, pending_verified: 0, active_unverified: 0 });
    const pending = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM labels WHERE key = 'document' AND value = 'pending'`);
    expect(pending.n / USERS).toBeGreaterThan(0.01);
    expect(pending.n / USERS).toBeLessThan(0.08);
    const logs = await one<{ n: number; bad: number }>(a, `SELECT count(*)::int AS n, count(*) FILTER (WHERE s.state <> u.state
      OR s.change_by_user_id IS NULL)::int AS bad FROM user_state_logs s JOIN users u ON u.id = s.user_id`);
    const nonActive = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM users WHERE state IN ('banned', 'inactive')`);
    expect(logs).toEqual({ n: nonActive.n, bad: 0 });
  });

  it('gives each pending applicant a sample identity card (PNG) and utility bill (PDF) that pass the upload\'s checks, quickly', async () => {
    const docs = await a.kysely.selectFrom('documents').select(['user_id', 'doc_type', 'content_type', 'content']).orderBy('id').execute();
    const applicants = await rows<{ user_id: number }>(a, `SELECT user_id FROM labels WHERE key = 'document' AND scope = 'private' AND value IN ('pending', 'replaced')`);
    expect(applicants.length).toBeGreaterThan(0);
    expect(new Set(docs.map((d) => d.user_id))).toEqual(new Set(applicants.map((r) => r.user_id)));
    expect(docs.map((d) => `${d.doc_type}:${d.content_type}`).slice(0, 2)).toEqual(['Identity card:image/png', 'Utility Bill:application/pdf']);
    for (const d of docs) expect(checkDocumentFile(Buffer.from(d.content))).toEqual({ ok: true, contentType: d.content_type });
    const ms = stages.a.find(([s]) => s === 'KYC documents')![1];
    expect(ms).toBeLessThan(2000);
  });

  it('backs every accredited label with an approved verification, some with a rejected try or a pending one', async () => {
    const v = await one<{ accredited: number; backed: number; rejected: number; pending: number; early: number; late: number }>(a, `SELECT
      (SELECT count(*)::int FROM labels WHERE key = 'accredited' AND scope = 'private' AND value = 'verified') AS accredited,
      (SELECT count(*)::int FROM labels l WHERE key = 'accredited' AND scope = 'private' AND value = 'verified' AND EXISTS (
        SELECT 1 FROM accredited_verifications v WHERE v.user_id = l.user_id AND v.status = 'approved' AND v.created_at <= l.created_at)) AS backed,
      (SELECT count(*)::int FROM accredited_verifications WHERE status = 'rejected') AS rejected,
      (SELECT count(*)::int FROM accredited_verifications WHERE status = 'pending') AS pending,
      (SELECT count(*)::int FROM accredited_verifications v JOIN users u ON u.id = v.user_id WHERE v.created_at < u.created_at) AS early,
      (SELECT count(*)::int FROM accredited_verifications WHERE created_at > '${NOW.toISOString()}') AS late`);
    expect(v.accredited).toBeGreaterThan(0);
    expect(v.backed).toBe(v.accredited);
    expect(v.rejected + v.pending).toBeGreaterThan(0);
    expect([v.early, v.late]).toEqual([0, 0]);
  });

  it('records a signup per user and a year of successful and failed sign-ins', async () => {
    const signups = await one<{ n: number; users: number; off: number }>(a, `SELECT count(*)::int AS n,
      count(DISTINCT a.user_id)::int AS users, count(*) FILTER (WHERE a.created_at <> u.created_at)::int AS off
      FROM activities a JOIN users u ON u.id = a.user_id WHERE topic = 'account' AND action = 'signup'`);
    expect(signups).toEqual({ n: USERS + 12, users: USERS + 12, off: 0 });
    const methods = await rows<{ m: string }>(a, `SELECT DISTINCT data->>'${SIGNUP_METHOD_KEY}' AS m FROM activities WHERE action = 'signup'`);
    expect(methods.map((r) => r.m).sort()).toEqual(['email', 'phone']);
    const logins = await rows<{ result: string; n: number; first: Date; last: Date }>(a, `SELECT result, count(*)::int AS n,
      min(created_at) AS first, max(created_at) AS last FROM activities
      WHERE category = 'user' AND topic = 'session' AND action = 'login' GROUP BY result ORDER BY result`);
    expect(logins.map((r) => r.result)).toEqual(['failed', 'succeed']);
    for (const r of logins) {
      expect(r.first.getTime()).toBeGreaterThanOrEqual(YEAR_AGO.getTime());
      expect(r.last.getTime()).toBeLessThan(NOW.getTime());
    }
    const [failed, ok] = logins.map((r) => r.n);
    expect(failed / (failed + ok)).toBeLessThan(0.25);
    const total = failed + ok + USERS + 12;
    expect(total).toBeGreaterThan(ACTIVITIES * 0.8);
    expect(total).toBeLessThan(ACTIVITIES * 1.2);
    const admin = await one<{ n: number; staff: number }>(a, `SELECT count(*)::int AS n,
      count(*) FILTER (WHERE user_id < ${CUSTOMER_ID_BASE} AND target_id > ${CUSTOMER_ID_BASE})::int AS staff
      FROM activities WHERE category = 'admin'`);
    expect(admin.n).toBeGreaterThan(0);
    expect(admin.staff).toBe(admin.n);
  });

  it('writes a year of e-mail and SMS service logs, mostly successful', async () => {
    const svc = await rows<{ service_type: string; n: number; ok: number; first: Date }>(a, `SELECT service_type, count(*)::int AS n,
      count(*) FILTER (WHERE result = 'success')::int AS ok, min(created_at) AS first FROM service_logs GROUP BY 1 ORDER BY 1`);
    expect(svc.map((r) => r.service_type)).toEqual(['email', 'sms']);
    for (const r of svc) {
      expect(r.ok / r.n).toBeGreaterThan(0.6);
      expect(r.first.getTime()).toBeGreaterThanOrEqual(YEAR_AGO.getTime());
    }
    const sms = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM service_logs WHERE service_type = 'sms' AND phone_number IS NULL`);
    expect(sms.n).toBe(0);
  });

  it('seeds levels, permissions for every role, and balances with locked funds for investors', async () => {
    expect(await a.kysely.selectFrom('levels').select(['id', 'key', 'value']).orderBy('id').execute()).toEqual([
      { id: 1, key: 'email', value: 'verified' }, { id: 2, key: 'phone', value: 'verified' }, { id: 3, key: 'document', value: 'verified' },
    ]);
    const roles = (await a.kysely.selectFrom('permissions').select('role').distinct().execute()).map((r) => r.role);
    expect(roles).toEqual(expect.arrayContaining([...STAFF_ROLES]));
    const locked = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM accounts ac JOIN users u ON u.id = ac.user_id
      WHERE u.role = 'investor' AND ac.locked > 0 AND ac.locked <= ac.balance`);
    expect(locked.n).toBeGreaterThan(0);
  });

  it('has a trading and ledger history that balances: orders in every state, trades, adjustments decided and pending', async () => {
    const states = (await a.kysely.selectFrom('orders').select('state').distinct().execute()).map((r) => r.state).sort();
    expect(states).toEqual(['cancel', 'done', 'pending', 'reject', 'wait']);
    const trades = await one<{ n: number; markets: number }>(a, 'SELECT count(*)::int AS n, count(DISTINCT market_id)::int AS markets FROM trades');
    expect(trades.n).toBeGreaterThan(50);
    expect(trades.markets).toBeGreaterThanOrEqual(4);
    // Ids follow time, as in a running exchange (the lists order by id, and by time under a date filter).
    for (const table of ['orders', 'trades']) {
      const back = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM (SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM ${table}) x WHERE back`);
      expect(back.n, table).toBe(0);
    }
    // The open book is never crossed, as a matching engine leaves it: every bid under every ask.
    const crossed = await a.kysely.selectFrom('orders as b').innerJoin('orders as s', 's.market_id', 'b.market_id')
      .select(['b.id as bid', 's.id as ask']).where('b.side', '=', 'buy').where('s.side', '=', 'sell')
      .where('b.state', '=', 'wait').where('s.state', '=', 'wait').whereRef('b.price', '>=', 's.price').limit(5).execute();
    expect(crossed).toEqual([]);
    const open = await one<{ n: number }>(a, "SELECT count(*)::int AS n FROM orders WHERE state = 'wait'");
    expect(open.n).toBeGreaterThan(20);
    const adjustments = (await a.kysely.selectFrom('adjustments').select('state').distinct().execute()).map((r) => r.state).sort();
    expect(adjustments).toEqual(['accepted', 'pending', 'rejected']);
    const deposits = (await a.kysely.selectFrom('deposits').select('state').distinct().execute()).map((r) => r.state);
    expect(deposits).toEqual(expect.arrayContaining(['submitted', 'accepted', 'collected', 'rejected', 'skipped']));
    const withdraws = (await a.kysely.selectFrom('withdraws').select('state').distinct().execute()).map((r) => r.state);
    expect(withdraws).toEqual(expect.arrayContaining(['submitted', 'under_review', 'accepted', 'processing', 'confirming', 'succeed', 'rejected', 'canceled', 'failed']));
    for (const db of [a, b]) expect((await checkLedger(db.kysely)).problems).toEqual([]);
    const history = (db: Database) => one<{ o: string; t: string; ops: string }>(db, `SELECT
      (SELECT md5(string_agg(concat_ws('|', id, member_id, market_id, side, price, origin_volume, remaining_volume, locked, state, created_at::text), ',' ORDER BY id)) FROM orders) AS o,
      (SELECT md5(string_agg(concat_ws('|', id, maker_order_id, taker_order_id, price, amount, maker_fee_amount, taker_fee_amount), ',' ORDER BY id)) FROM trades) AS t,
      (SELECT md5(string_agg(concat_ws('|', code, currency_id, member_id, reference_type, reference_id, debit, credit), ',' ORDER BY reference_type, reference_id, code, member_id, currency_id, debit, credit)) FROM operations) AS ops`);
    expect(await history(a)).toEqual(await history(b));
  });

  it('keeps every order as its trades and postings say, in bulk as through the order code, and pairs end every way', async () => {
    for (const db of [a, b]) expect(await tradingBreaches(db.kysely)).toEqual([]);
    const outcomes = await orderOutcomes(a.kysely);
    expect(Object.keys(outcomes).sort()).toEqual(['cancel', 'done', 'partial cancel', 'partial wait', 'pending', 'reject', 'wait']);
  });

  it('has coin applications pending, approved (their currencies made, disabled) and rejected, the same on both paths', async () => {
    const apps = await rows<{ token_code: string; state: string; currency_id: string | null; reason: string | null; decided_by: string | null }>(a,
      'SELECT token_code, state, currency_id, reason, decided_by FROM coin_applications ORDER BY id');
    expect([...new Set(apps.map((x) => x.state))].sort()).toEqual(['approved', 'pending', 'rejected']);
    for (const x of apps.filter((y) => y.state === 'approved')) {
      expect(x.currency_id).toBe(x.token_code.toLowerCase());
      const c = await one<{ visible: boolean; deposit_enabled: boolean; withdrawal_enabled: boolean; blockchain_key: string }>(a,
        `SELECT visible, deposit_enabled, withdrawal_enabled, blockchain_key FROM currencies WHERE code = '${x.currency_id}'`);
      expect(c).toEqual({ visible: false, deposit_enabled: false, withdrawal_enabled: false, blockchain_key: 'ethereum' });
    }
    for (const x of apps.filter((y) => y.state === 'rejected')) expect(x.reason).toBeTruthy();
    const print = (db: Database) => one<{ f: string }>(db, `SELECT md5(string_agg(concat_ws('|', id, token_code, contract_address, documents::text,
      submitted_at::text, state, decided_by, decided_at::text, reason, currency_id), ',' ORDER BY id)) AS f FROM coin_applications`);
    expect(await print(a)).toEqual(await print(b));
  });

  it('moves NFE items by every kind of transaction, sales on the ledger, holders as the items say; 90 days of token history', async () => {
    const kinds = await rows<{ kind: string; n: number }>(a, 'SELECT kind, count(*)::int AS n FROM nfe_transactions GROUP BY kind ORDER BY kind');
    expect(kinds.map((k) => k.kind)).toEqual(['burn', 'mint', 'sale', 'transfer']);
    for (const k of kinds) expect(k.n, k.kind).toBeGreaterThan(1);
    // Every sale's price is one posting; every held item's holder got it by its latest transaction.
    const sales = await one<{ sales: number; posted: number; wrong: number; burnedHeld: number }>(a, `SELECT
      (SELECT count(*)::int FROM nfe_transactions WHERE kind = 'sale') AS sales,
      (SELECT count(DISTINCT reference_id)::int FROM operations WHERE reference_type = 'NfeTransaction') AS posted,
      (SELECT count(*)::int FROM nfe_holders h WHERE h.uid IS DISTINCT FROM (SELECT x.to_uid FROM nfe_transactions x WHERE x.token_id = h.token_id ORDER BY x.id DESC LIMIT 1)) AS wrong,
      (SELECT count(*)::int FROM tokens WHERE state = 'burned' AND owner_uid IS NOT NULL) AS "burnedHeld"`);
    expect(sales).toMatchObject({ posted: sales.sales, wrong: 0, burnedHeld: 0 });
    const history = await rows<{ code: string; snapshots: number; allotments: number }>(a, `SELECT t.code, count(*) FILTER (WHERE h.source = 'snapshot')::int AS snapshots,
      count(*) FILTER (WHERE h.source = 'allotment')::int AS allotments FROM token_history h JOIN tokens t ON t.id = h.token_id GROUP BY t.code ORDER BY t.code`);
    for (const h of history) expect(h.snapshots, h.code).toBe(90);
    expect(history.find((h) => h.code === 'trst')?.allotments).toBe(1);
    const print = (db: Database) => one<{ f: string }>(db, `SELECT
      (SELECT md5(string_agg(concat_ws('|', id, token_id, kind, from_uid, to_uid, price, fee, created_at::text), ',' ORDER BY id)) FROM nfe_transactions) ||
      (SELECT md5(string_agg(concat_ws('|', id, token_id, price, circulating, recorded_at::text), ',' ORDER BY id)) FROM token_history) AS f`);
    expect(await print(a)).toEqual(await print(b));
  });

  it('gives bonuses in every state and provider histories made through the signed webhook path', async () => {
    const states = (await a.kysely.selectFrom('bonuses').select('state').distinct().execute()).map((r) => r.state).sort();
    expect(states).toEqual(['credited', 'pending_approval', 'rejected']);
    const txs = await rows<{ provider: string; states: string[]; n: number; credited: number }>(a, `SELECT provider, array_agg(DISTINCT state ORDER BY state) AS states,
      count(*)::int AS n, count(credited_at)::int AS credited FROM provider_transactions GROUP BY provider ORDER BY provider`);
    expect(txs.map((r) => [r.provider, r.n])).toEqual([['banxa', 5], ['simplex', 5], ['stripe', 5]]);
    for (const r of txs) expect(r.states, r.provider).toEqual(expect.arrayContaining(['completed', 'failed']));
    // Redelivered and late events are kept but not applied; every completed purchase was credited once.
    const events = await one<{ stale: number; ops: number; credited: number }>(a, `SELECT
      (SELECT count(*)::int FROM provider_events WHERE NOT applied) AS stale,
      (SELECT count(DISTINCT reference_id)::int FROM operations WHERE reference_type = 'ProviderTransaction') AS ops,
      (SELECT count(*)::int FROM provider_transactions WHERE credited_at IS NOT NULL) AS credited`);
    expect(events.stale).toBeGreaterThan(0);
    expect(events.ops).toBe(events.credited);
    expect(events.credited).toBeGreaterThan(3);
  });

  it('settles referral rewards from the demo trades through the API code: rules, weekly settlements, paid once', async () => {
    const rules = await rows<{ tier: number; currency: string | null; state: string }>(a, 'SELECT tier, currency, state FROM referral_rules ORDER BY id');
    expect(rules.filter((r) => r.state === 'active')).toHaveLength(3);
    const settlements = await one<{ n: number }>(a, 'SELECT count(*)::int AS n FROM reward_settlements');
    expect(settlements.n).toBe(4);
    const byState = await rows<{ kind: string; state: string; n: number }>(a, 'SELECT kind, state, count(*)::int AS n FROM rewards GROUP BY kind, state ORDER BY kind, state');
    const n = (kind: string, state: string) => byState.find((r) => r.kind === kind && r.state === state)?.n ?? 0;
    for (const state of ['paid', 'pending', 'canceled']) expect(n('referral', state), state).toBeGreaterThan(0);
    expect(n('campaign', 'paid')).toBeGreaterThan(0);
    // Every reward's referrer is the referred member's referrer (tier 1) or theirs (tier 2); paid ones posted once each.
    const wrong = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM rewards r JOIN users s ON s.id = r.source_id
      LEFT JOIN users r1 ON r1.uid = s.referral_uid
      WHERE r.kind = 'referral' AND NOT ((r.tier = 1 AND r1.uid = r.uid) OR (r.tier = 2 AND r1.referral_uid = r.uid))`);
    expect(wrong.n).toBe(0);
    const posted = await one<{ ops: number; paid: number }>(a, `SELECT
      (SELECT count(*)::int FROM operations WHERE reference_type = 'Reward') AS ops, (SELECT count(*)::int FROM rewards WHERE state = 'paid') AS paid`);
    expect(posted.ops).toBe(posted.paid * 2);
    const print = (db: Database) => one<{ f: string }>(db, `SELECT md5(string_agg(concat_ws('|', id, uid, kind, source_uid, referral_rule_id, tier,
      currency, amount, state, paid_at::text, created_at::text), ',' ORDER BY id)) AS f FROM rewards`);
    expect(await print(a)).toEqual(await print(b));
  });

  it('gives Wonka pairs, config, discounts, and quotes and swaps made by the customer calls\' code (swapped once, some left to expire)', async () => {
    const pairs = await rows<{ pair: string; state: string }>(a, 'SELECT pair, state FROM wonkas ORDER BY id');
    expect(pairs.map((p) => p.pair)).toEqual(['btc/usdt', 'eth/usdt', 'btc/usd', 'trst/usdt']);
    expect(pairs.map((p) => p.state)).toContain('disabled');
    const q = await one<{ quotes: number; used: number; swaps: number; ops: number; campaign: number }>(a, `SELECT
      (SELECT count(*)::int FROM quotes) AS quotes, (SELECT count(*)::int FROM quotes WHERE used_at IS NOT NULL) AS used,
      (SELECT count(*)::int FROM swaps) AS swaps, (SELECT count(*)::int FROM operations WHERE reference_type = 'Swap') AS ops,
      (SELECT count(*)::int FROM quotes WHERE discount_id IS NOT NULL AND campaign IS NOT NULL) AS campaign`);
    expect(q.quotes).toBe(12);
    expect(q.used).toBe(9);
    expect(q.swaps).toBe(q.used);
    expect(q.ops).toBe(4 * q.swaps);
    expect(q.campaign).toBeGreaterThan(0);
    const states = (await rows<{ state: string }>(a, 'SELECT DISTINCT state FROM quote_history ORDER BY state')).map((r) => r.state);
    expect(states).toEqual(['expired', 'used']);
    const print = (db: Database) => one<{ f: string }>(db, `SELECT md5(string_agg(concat_ws('|', id, quote_id, uid, pair, side, from_amount, to_amount,
      rate, fee, created_at::text), ',' ORDER BY id)) AS f FROM swaps`);
    expect(await print(a)).toEqual(await print(b));
  });

  it('gives verified customers beneficiaries: addresses for coins, bank details for fiat, in every state', async () => {
    const list = await rows<{ type: string; state: string; data: Record<string, string>; level: number; t: Date; created: Date }>(a, `
      SELECT c.type, b.state, b.data, u.level, b.created_at AS t, u.created_at AS created
      FROM beneficiaries b JOIN users u ON u.id = b.user_id JOIN currencies c ON c.code = b.currency_id`);
    expect(list.length).toBeGreaterThan(10);
    expect(new Set(list.map((r) => r.state))).toEqual(new Set(['active', 'pending', 'archived']));
    for (const r of list) {
      expect(r.level).toBeGreaterThanOrEqual(2);
      expect(r.t.getTime()).toBeGreaterThanOrEqual(r.created.getTime());
      expect(r.t.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (r.type === 'coin') expect(r.data.address).toMatch(/^(bc1q|0x)[0-9a-f]{38,40}$/);
      else expect(Object.keys(r.data)).toEqual(expect.arrayContaining(['full_name', 'account_number', 'bank_name', 'bank_swift_code']));
    }
    expect(new Set(list.map((r) => r.type))).toEqual(new Set(['coin', 'fiat']));
  });

  it('records staff pushes as the console does: a recipient per active device, or one failed row', async () => {
    const pushes = await rows<{ id: number; uid: string; devices: number; by: string; ok: number; failed: number; active: number }>(a, `
      SELECT n.id, n.metadata->>'uid' AS uid, (n.metadata->>'devices')::int AS devices, s.role AS by,
        count(*) FILTER (WHERE r.status = 'success')::int AS ok, count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
        (SELECT count(*)::int FROM devices d JOIN users u ON u.id = d.user_id WHERE u.uid = n.metadata->>'uid' AND d.active) AS active
      FROM notifications n JOIN users s ON s.id = n.created_by JOIN notification_recipients r ON r.notification_id = n.id
      GROUP BY n.id, s.role`);
    expect(pushes.length).toBeGreaterThan(0);
    for (const p of pushes) {
      expect(['support', 'compliance']).toContain(p.by);
      expect(p.devices).toBe(p.active);
      expect([p.ok, p.failed]).toEqual(p.active > 0 ? [p.active, 0] : [0, 1]);
    }
    const meta = await one<{ delivery: string }>(a, `SELECT metadata->>'delivery' AS delivery FROM notification_recipients LIMIT 1`);
    expect(meta.delivery).toBe('not_sent');
  });

  it('fills the help centre and the e-mail types: every state, ordered by position, the same on both paths, once', async () => {
    const categories = await rows<{ name: string; position: number; state: string; faqs: number }>(a, `SELECT c.name, c.position, c.state,
      (SELECT count(*)::int FROM faqs f WHERE f.faq_category_id = c.id) AS faqs FROM faq_categories c ORDER BY c.position`);
    expect(categories.length).toBeGreaterThanOrEqual(6);
    expect(new Set(categories.map((c) => c.state))).toEqual(new Set(['active', 'inactive', 'pending']));
    expect(categories.map((c) => c.position)).toEqual(categories.map((_, i) => i + 1));
    expect(categories.every((c) => c.faqs > 0)).toBe(true);
    const faqs = await rows<{ question: string; answer: string; state: string; position: number; c: Date; u: Date }>(a, `SELECT question,
      answer, state, position, created_at AS c, updated_at AS u FROM faqs`);
    expect(faqs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(faqs.map((f) => f.state))).toEqual(new Set(['active', 'inactive', 'pending']));
    for (const f of faqs) {
      expect(f.question).toMatch(/\?$|\.$/);
      expect(f.answer.length).toBeGreaterThan(60);
      expect(f.c.getTime()).toBeLessThanOrEqual(f.u.getTime());
      expect(f.u.getTime()).toBeLessThanOrEqual(NOW.getTime());
    }
    const emails = await rows<{ name: string; status: string; description: string }>(a, `SELECT name, status, description FROM email_types ORDER BY id`);
    expect(emails.length).toBeGreaterThanOrEqual(10);
    expect(emails.map((e) => e.name)).toEqual(expect.arrayContaining(['confirmation', 'passwordreset', 'deposit', 'withdrawal']));
    // Spec §5: an email type's name is lower-case letters only; the list shows both statuses.
    expect(emails.every((e) => /^[a-z]+$/.test(e.name) && e.description.length > 0)).toBe(true);
    expect(new Set(emails.map((e) => e.status))).toEqual(new Set(['active', 'inactive']));

    const fingerprint = (db: Database) => one<{ s: string }>(db, `SELECT md5(
      (SELECT string_agg(concat_ws('|', name, description, position, state, created_at::text), ',' ORDER BY id) FROM faq_categories) ||
      (SELECT string_agg(concat_ws('|', question, faq_category_id, position, state, created_at::text, updated_at::text), ',' ORDER BY id) FROM faqs) ||
      (SELECT string_agg(concat_ws('|', name, key, status, created_at::text), ',' ORDER BY id) FROM email_types)) AS s`);
    const before = await fingerprint(a);
    expect(await fingerprint(b)).toEqual(before);
    await insertHelpCentre(makeContext(a.kysely, USERS, NOW, () => {}));
    expect(await fingerprint(a)).toEqual(before);
    expect(seeded.counts).toMatchObject({ faq_categories: categories.length, faqs: faqs.length, email_types: emails.length });
  });

  it('seeds mining on customers\' own devices and e-mail choices, every state, the same on the bulk path', async () => {
    const sessions = await rows<{ status: string; n: number }>(a, `SELECT status, count(*)::int AS n FROM mining_sessions GROUP BY 1 ORDER BY 1`);
    expect(sessions.map((x) => x.status)).toEqual(['active', 'banned', 'inactive', 'pending']);
    const rewards = await rows<{ state: string }>(a, `SELECT DISTINCT state FROM mining_rewards ORDER BY 1`);
    expect(rewards.map((x) => x.state)).toEqual(['banned', 'pending', 'succeed']);
    // A session runs on a device of its own member, inside the data set's time; a reward pays in a seeded currency.
    const off = await one<{ n: number }>(a, `SELECT count(*)::int AS n FROM mining_sessions s JOIN devices d ON d.id = s.device_row_id
      JOIN users u ON u.id = d.user_id WHERE u.uid <> s.uid OR s.started_at < s.created_at OR s.updated_at > '${NOW.toISOString()}'
      OR s.created_at < d.created_at`);
    expect(off.n).toBe(0);
    const choices = await rows<{ enabled: boolean }>(a, `SELECT DISTINCT enabled FROM email_notifications ORDER BY 1`);
    expect(choices.map((x) => x.enabled)).toEqual([false, true]);
    const fingerprint = (db: Database) => one<{ s: string }>(db, `SELECT md5(
      (SELECT string_agg(concat_ws('|', id, uid, device_row_id, status, started_at::text, created_at::text), ',' ORDER BY id) FROM mining_sessions) ||
      (SELECT string_agg(concat_ws('|', id, uid, reward, currency, type, state, created_at::text), ',' ORDER BY id) FROM mining_rewards) ||
      (SELECT string_agg(concat_ws('|', id, uid, email_type_id, enabled, updated_at::text), ',' ORDER BY id) FROM email_notifications)) AS s`);
    expect(await fingerprint(b)).toEqual(await fingerprint(a));
    expect(seeded.counts.mining_sessions).toBeGreaterThan(0);
  });

  it('reports each stage as it ends, with its time, and the line npm start prints for it', () => {
    const generated = ['customers', 'exchange and payments', 'KYC', 'KYC documents', 'balances', 'trading history', 'deposits and withdrawals',
      'tokens, presales and coin applications', 'bonuses, rewards and swaps', 'payouts, pushes, mining and mail', 'activities', 'service logs'];
    const after = ['commit', 'planner statistics', 'counts'];
    expect(stages.a.map(([s]) => s)).toEqual(['reference data and staff', ...generated, ...after]);
    // The bulk path also rebuilds what it set aside; with a secrets key the TOTP secrets are sealed last.
    expect(stages.b.map(([s]) => s)).toEqual(['reference data and staff', ...generated, 'indexes and keys', 'rollups', 'TOTP secrets sealed', ...after]);
    for (const [, ms] of [...stages.a, ...stages.b]) expect(ms).toBeGreaterThanOrEqual(0);
    // The stages are the seed, not more: together no longer than the whole.
    expect(stages.a.reduce((sum, [, ms]) => sum + ms, 0)).toBeLessThanOrEqual(seeded.ms + 1);
    expect(stageLine('trading history', 1_449)).toBe('seeding: trading history 1.4 s');
  });

  it('prints the demo sign-in in the banner', async () => {
    const demo = await demoSignIn(a.kysely, PASSWORD, null);
    const text = formatBanner('http://localhost:8080', demo, ['admin', 'superadmin']);
    expect(text).toContain('Steward is running at http://localhost:8080');
    expect(text).toContain(`password ${PASSWORD}`);
    expect(text).toContain('compliance@steward.demo');
    expect(text).toContain(`2fa@steward.demo (admin), TOTP secret ${DEMO_TOTP_SECRET}`);
    expect(text).toContain('otpauth://totp/');
    expect((await demoSignIn(a.kysely, 'not-the-password', null))!.password).toBeNull();
  });
});
