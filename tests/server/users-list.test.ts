/** GET /admin/users (filters, ordering, paging, totals), the user detail and verifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import type { SignedIn } from '../helpers/auth.js';
import { caller, mkUser, staff } from './users-fixtures.js';
import { BOUNDED_WALK, filtered, listUsers, USER_KEYSETS, type UserFilter } from '../../src/server/db/queries/users-admin.js';
import { COUNT_CAP, countCapped } from '../../src/server/db/queries/count.js';
import { decodeCursor, type PageEnds } from '../../src/server/db/queries/paging.js';

/** A created_at-order cursor (newest first) as the route decodes it. */
const decode = (text: string) => decodeCursor(text, { orderBy: 'created_at', ordering: 'desc', types: ['ts', 'int'] })!;

let t: TestApp;
let admin: SignedIn;
let call: ReturnType<typeof caller>;
const uids: Record<string, string> = {};

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin', { created_at: '2020-01-01T00:00:00Z' });
  const specs = {
    alice: { email: 'Alice.Zed@example.com', username: 'AliceW', phone_number: '4915112345', platform: 'ios', country: 'DE', level: 1, state: 'pending', role: 'member', referrals: 5, created_at: '2026-01-10T08:00:00Z', updated_at: '2026-03-01T00:00:00Z' },
    bob: { email: 'bob@example.com', username: 'bobby', phone_number: '3312345678', platform: 'android', country: 'FR', level: 2, state: 'active', role: 'trader', referrals: 1, created_at: '2026-02-10T08:00:00Z', updated_at: '2026-02-11T00:00:00Z' },
    carol: { email: 'carol@other.org', username: 'caro', phone_number: '4917000000', platform: 'web', country: 'DE', level: 3, state: 'banned', role: 'investor', referrals: 0, created_at: '2026-03-10T08:00:00Z', updated_at: '2026-03-10T08:00:00Z' },
  } as const;
  for (const [name, s] of Object.entries(specs)) uids[name] = (await mkUser(t, { ...s })).uid;
  // dave was referred by alice
  uids.dave = (await mkUser(t, { email: 'dave@example.com', referral_uid: uids.alice, created_at: '2026-04-01T00:00:00Z', platform: 'web' })).uid;
  await t.db.kysely.insertInto('profiles').values([
    { user_id: (await t.db.kysely.selectFrom('users').select('id').where('uid', '=', uids.alice).executeTakeFirstOrThrow()).id, first_name: 'Old', last_name: 'Name', country: 'AT', state: 'rejected', created_at: '2026-01-11T00:00:00Z' },
  ]).execute();
});
afterAll(async () => { await t?.close(); });

const list = async (q: string) => {
  const res = await call(admin, 'GET', `/users?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return { rows: res.json() as { uid: string; email: string }[], headers: res.headers };
};
const names = (rows: { uid: string }[]) => rows.map((r) => Object.keys(uids).find((k) => uids[k] === r.uid) ?? 'staff');

describe('GET /admin/users filters', () => {
  it.each([
    ['email=ALICE', ['alice']],
    ['email=bob%40', ['bob']],
    ['email=%25', []],
    ['uid=UID', []],
    ['role=trader', ['bob']],
    ['country=DE', ['carol', 'alice']],
    ['level=2', ['bob']],
    ['state=banned', ['carol']],
    // Trigger labels can leave a user deleted or locked; the directory finds them (none here).
    ['state=locked', []],
    ['state=deleted', []],
    ['username=ali', ['alice']],
    ['username=CAR', ['carol']],
    ['phone_number=49', ['carol', 'alice']],
    ['phone_number=%2B33', ['bob']],
    ['platform=android', ['bob']],
    ['referral_limit=1', ['bob', 'alice']],
    ['referral_limit=2', ['alice']],
    ['start_date=2026-02-10&end_date=2026-03-10', ['carol', 'bob']],
    ['from=1770681600&to=1773187199', ['carol', 'bob']],
    ['from=1770681600&to=1773100800', ['bob']],
    ['range=updated&from=1772323200&to=1772409600', ['alice']],
    ['range=created&from=1772323200&to=1772409600', []],
    ['start_date=2026-01-01T00:00:00Z&end_date=2026-01-31', ['alice']],
    ['country=DE&level=3', ['carol']],
  ])('%s', async (q, expected) => {
    const { rows, headers } = await list(q);
    expect(names(rows)).toEqual(expected);
    expect(headers.total).toBe(String(expected.length));
  });

  it('filters by uid and referral_of', async () => {
    expect(names((await list(`uid=${uids.bob}`)).rows)).toEqual(['bob']);
    expect(names((await list(`referral_of=${uids.alice}`)).rows)).toEqual(['dave']);
  });

  it('returns the User entity, with profiles when extended', async () => {
    const { rows, headers } = await list(`uid=${uids.alice}`);
    // referrals: the 5 the fixture wrote, and dave, whom alice referred (counted by the database, 0059).
    // The body is serialized while the count runs (read.ts); it still answers as JSON.
    expect(headers['content-type']).toBe('application/json; charset=utf-8');
    expect(rows[0]).toMatchObject({
      email: 'Alice.Zed@example.com', role: 'member', level: 1, otp: false, state: 'pending', username: 'AliceW',
      phone_number: '4915112345', platform: 'ios', country: 'DE', referrals: 6, group: 'any', created_at: '2026-01-10T08:00:00.000Z',
    });
    expect(rows[0]).not.toHaveProperty('profiles');
    expect(rows[0]).not.toHaveProperty('password_digest');
    const ext = (await list(`uid=${uids.alice}&extended=true`)).rows as unknown as { profiles: { first_name: string }[] }[];
    expect(ext[0].profiles.map((p) => p.first_name)).toEqual(['Old']);
  });
});

describe('GET /admin/users ordering and paging', () => {
  it('orders newest first by default, and by any allowed attribute either way', async () => {
    expect(names((await list('')).rows)).toEqual(['dave', 'carol', 'bob', 'alice', 'staff']);
    expect(names((await list('ordering=asc')).rows)).toEqual(['staff', 'alice', 'bob', 'carol', 'dave']);
    expect(names((await list('order_by=level&ordering=desc&country=DE')).rows)).toEqual(['carol', 'alice']);
    expect(names((await list('order_by=level&ordering=asc&country=DE')).rows)).toEqual(['alice', 'carol']);
    expect(names((await list('order_by=uid&ordering=asc')).rows)).toEqual(names((await list('order_by=uid&ordering=desc')).rows).reverse());
    expect(names((await list('order_by=email&ordering=asc&email=')).rows).slice(0, 3)).toEqual(['alice', 'bob', 'carol']);
    expect(names((await list('order_by=state&ordering=asc&country=DE')).rows)).toEqual(['carol', 'alice']);
  });

  it('pages with Total, Page and Per-Page', async () => {
    const { rows, headers } = await list('ordering=asc&page=2&limit=2');
    expect(names(rows)).toEqual(['bob', 'carol']);
    expect(headers).toMatchObject({ total: '5', page: '2', 'per-page': '2' });
    expect(headers['total-estimated']).toBeUndefined();
    expect((await list('page=9&limit=2')).rows).toEqual([]);
    expect((await list('')).headers['per-page']).toBe('100');
  });

  it.each([
    ['order_by=password_digest', 'user.ordering.invalid_attribute'],
    ['ordering=up', 'user.ordering.invalid_ordering'],
    ['limit=101', 'admin.pagination.invalid_limit'],
    ['limit=0', 'admin.pagination.invalid_limit'],
    ['limit=ten', 'admin.pagination.non_integer_limit'],
    ['page=0', 'admin.pagination.non_positive_page'],
    ['page=1.5', 'admin.pagination.non_integer_page'],
    ['range=deleted', 'admin.user.invalid_range'],
    ['extended=maybe', 'admin.user.non_boolean_extended'],
    ['level=high', 'admin.user.invalid_level'],
    ['start_date=yesterday', 'admin.user.invalid_start_date'],
    ['from=2026-13-45', 'admin.user.invalid_from'],
    ['referral_limit=-1', 'admin.user.invalid_referral_limit'],
  ])('%s → 422 %s', async (q, code) => {
    const res = await call(admin, 'GET', `/users?${q}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([code]);
  });
});

describe('capped count', () => {
  it('is exact up to the cap, then an estimate above the cap or cap + 1 as a lower bound', async () => {
    const db = t.db.kysely;
    const countUsers = (d: typeof db, f: UserFilter, cap: number) => countCapped(d, filtered(d, f), cap);
    expect(await countUsers(db, { range: 'created' }, 5)).toEqual({ total: 5 });
    const over = await countUsers(db, { range: 'created' }, 3);
    expect(over.estimate === 'planner' ? over.total > 3 : over).toEqual(over.estimate === 'planner' ? true : { total: 4, estimate: 'lower-bound' });
    expect(await countUsers(db, { range: 'created', country: 'DE' }, 2)).toEqual({ total: 2 });
  });
});

describe('GET /admin/users/:uid', () => {
  it('returns UserWithKYC with the fork fields', async () => {
    const db = t.db.kysely;
    const carol = await db.selectFrom('users').selectAll().where('uid', '=', uids.carol).executeTakeFirstOrThrow();
    await db.updateTable('users').set({ minimum_swap_amount: '12.500000000000000000', last_ip: '1.2.3.4', last_country: 'DE', fee_group: 'vip-1', data: JSON.stringify({ profile_url: { small: { url: 's.png' }, large: { url: 'l.png' } } }) }).where('id', '=', carol.id).execute();
    await db.insertInto('currencies').values([{ code: 'btc', name: 'Bitcoin' }, { code: 'usdt', name: 'Tether' }]).onConflict((oc) => oc.doNothing()).execute();
    await db.insertInto('accounts').values([
      { user_id: carol.id, currency_id: 'usdt', balance: '100.25', locked: '0' },
      { user_id: carol.id, currency_id: 'btc', balance: '0.000000000000000001', locked: '2' },
    ]).execute();
    await db.insertInto('labels').values([
      { user_id: carol.id, key: 'email', value: 'verified', scope: 'private', description: 'mail ok' },
      { user_id: carol.id, key: 'vip', value: 'gold', scope: 'public' },
    ]).execute();
    await db.insertInto('profiles').values([
      { user_id: carol.id, first_name: 'Carol', last_name: 'Old', dob: '1990-01-02', country: 'AT', state: 'rejected', created_at: '2026-03-11T00:00:00Z' },
      { user_id: carol.id, first_name: 'Carol', last_name: 'King', dob: '1990-01-03', country: 'CH', state: 'submitted', created_at: '2026-03-12T00:00:00Z' },
    ]).execute();
    await db.insertInto('comments').values({ user_id: carol.id, author_uid: admin.user.uid, title: 'note', data: 'hello' }).execute();
    await db.insertInto('user_state_logs').values([
      { user_id: carol.id, past_state: 'pending', state: 'active', remark: 'first', change_by_user_id: (admin as unknown as { id: number }).id, created_at: '2026-03-10T09:00:00Z' },
      { user_id: carol.id, past_state: 'active', state: 'banned', remark: 'second', change_by_user_id: null, created_at: '2026-03-10T10:00:00Z' },
    ]).execute();
    const res = await call(admin, 'GET', `/users/${uids.carol}`);
    expect(res.statusCode).toBe(200);
    const u = res.json();
    expect(u).toMatchObject({
      uid: uids.carol, email: 'carol@other.org', role: 'investor', state: 'banned', level: 3, group: 'vip-1',
      minimum_swap_amount: '12.5', last_ip: '1.2.3.4', last_country: 'DE', lock_peer: false, country: 'DE',
      country_of_residence: 'CH', full_name: 'Carol King', profile_url: { small: { url: 's.png' }, large: { url: 'l.png' } },
      accounts: [{ currency: 'btc', balance: '0.000000000000000001', locked: '2' }, { currency: 'usdt', balance: '100.25', locked: '0' }],
      comments: [{ author_uid: admin.user.uid, title: 'note', data: 'hello' }],
      documents: [], data_storages: [],
    });
    expect(u.labels.map((l: { key: string; scope: string; description: string | null }) => [l.key, l.scope, l.description]))
      .toEqual([['email', 'private', 'mail ok'], ['vip', 'public', null]]);
    expect(u.profiles.map((p: { last_name: string; dob: string }) => [p.last_name, p.dob])).toEqual([['King', '1990-01-03'], ['Old', '1990-01-02']]);
    expect(u.user_state_logs).toEqual([
      { past_state: 'active', state: 'banned', remark: 'second', change_by_user_email: null, change_by_user_uid: null, created_at: '2026-03-10T10:00:00.000Z' },
      { past_state: 'pending', state: 'active', remark: 'first', change_by_user_email: admin.user.email, change_by_user_uid: admin.user.uid, created_at: '2026-03-10T09:00:00.000Z' },
    ]);
    expect(u).not.toHaveProperty('password_digest');
    expect(u).not.toHaveProperty('otp_secret');
  });

  it('answers 404 admin.user.doesnt_exist for an unknown uid', async () => {
    for (const path of ['/users/ID0000000000', '/users/ID0000000000/verifications']) {
      const res = await call(admin, 'GET', path);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: ['admin.user.doesnt_exist'] });
    }
  });

  it('lists accredited verifications newest first', async () => {
    const id = (await t.db.kysely.selectFrom('users').select('id').where('uid', '=', uids.bob).executeTakeFirstOrThrow()).id;
    await t.db.kysely.insertInto('accredited_verifications').values([
      { user_id: id, verification_id: 'v-1', status: 'rejected', created_at: '2026-01-01T00:00:00Z' },
      { user_id: id, verification_id: 'v-2', status: 'approved', created_at: '2026-02-01T00:00:00Z' },
    ]).execute();
    const res = await call(admin, 'GET', `/users/${uids.bob}/verifications`);
    expect(res.json()).toEqual([
      { verification_id: 'v-2', status: 'approved', created_at: '2026-02-01T00:00:00.000Z' },
      { verification_id: 'v-1', status: 'rejected', created_at: '2026-01-01T00:00:00.000Z' },
    ]);
    expect((await call(admin, 'GET', `/users/${uids.alice}/verifications`)).json()).toEqual([]);
  });

  it('needs read User: a member is refused', async () => {
    const member = await staff(t, 'investor');
    // investor holds read Ability only in the auth service
    const res = await call(member, 'GET', `/users/${uids.bob}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['authz.invalid_permission']);
  });
});

describe('GET /admin/users keyset paging', () => {
  it('walks the created_at order by Next-Cursor with the same rows as offset pages', async () => {
    const byOffset: { uid: string }[] = [];
    for (let n = 1; ; n++) {
      const { rows } = await list(`limit=2&page=${n}`);
      if (rows.length === 0) break;
      byOffset.push(...rows);
    }
    const walked: string[] = [];
    let next: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await list(`limit=2${next ? `&cursor=${next}` : ''}`);
      walked.push(...page.rows.map((r) => r.uid));
      next = page.headers['next-cursor'] as string | undefined;
      if (!next) break;
    }
    expect(walked).toEqual(byOffset.map((r) => r.uid));
    expect(walked.length).toBeGreaterThan(4);
    expect(next).toBeUndefined();
  });

  it('refuses a bad cursor, a cursor with another order, and offsets past 10 000 rows', async () => {
    const codes = async (q: string) => {
      const res = await call(admin, 'GET', `/users?${q}`);
      expect(res.statusCode).toBe(422);
      return res.json().errors;
    };
    expect(await codes('cursor=nonsense')).toEqual(['admin.pagination.invalid_cursor']);
    const next = (await list('limit=2')).headers['next-cursor'] as string;
    expect(await codes(`cursor=${next}&order_by=email`)).toEqual(['admin.pagination.invalid_cursor']);
    expect(await codes('limit=100&page=102')).toEqual(['admin.pagination.page_too_deep']);
    expect((await list('limit=100&page=101')).rows).toEqual([]);
  });
});

describe('GET /admin/users/search (issue 29 item 5)', () => {
  it('finds users by the start of a full name, a last name, an e-mail or a username; bounded, literal, checked', async () => {
    const idOf = async (name: string) => (await t.db.kysely.selectFrom('users').select('id').where('uid', '=', uids[name]!).executeTakeFirstOrThrow()).id;
    await t.db.kysely.insertInto('profiles').values([
      { user_id: await idOf('bob'), first_name: 'Pedro', last_name: 'Lindqvist', state: 'verified' },
      { user_id: await idOf('carol'), first_name: 'Ana', last_name: 'Lind', state: 'verified' },
    ]).execute();
    const found = async (q: string) => {
      const res = await call(admin, 'GET', `/users/search?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return names(res.json());
    };
    expect(await found('q=Pedro%20%20Lindqvist')).toEqual(['bob']);
    expect(await found('q=lindqvist')).toEqual(['bob']);
    // Both by last name, the shorter match first; one asked, one given.
    expect(await found('q=LIND')).toEqual(['carol', 'bob']);
    expect(await found('q=lind&limit=1')).toEqual(['carol']);
    expect(await found('q=alice.z')).toEqual(['alice']);
    expect(await found('q=dave%40ex')).toEqual(['dave']);
    expect(await found('q=alicew')).toEqual(['alice']);
    // Wildcards are text: nobody's name or e-mail starts with "a%".
    expect(await found('q=a%25')).toEqual([]);
    const res = await call(admin, 'GET', '/users/search?q=pedro');
    expect(res.json()[0]).toEqual({ uid: uids.bob, email: 'bob@example.com', username: 'bobby', role: 'trader', state: 'active', first_name: 'Pedro', last_name: 'Lindqvist' });
    const codes = async (q: string) => {
      const r = await call(admin, 'GET', `/users/search?${q}`);
      expect(r.statusCode).toBe(422);
      return r.json().errors;
    };
    expect(await codes('q=x')).toEqual(['admin.user.invalid_q']);
    expect(await codes('')).toEqual(['admin.user.missing_q']);
    expect(await codes(`q=${'a'.repeat(101)}`)).toEqual(['admin.user.q_too_long']);
    expect(await codes('q=pedro&limit=50')).toEqual(['admin.user.invalid_limit']);
    const member = await staff(t, 'investor');
    expect((await call(member, 'GET', '/users/search?q=pedro')).json().errors).toEqual(['authz.invalid_permission']);
  });
});

describe('GET /admin/users: a username prefix sorted by e-mail (read from the prefix index, 0056)', () => {
  it('gives every match once, in e-mail order, by cursor both ways and by offset', async () => {
    // E-mails out of the usernames' order, one not matching the prefix between them.
    const emails = ['qm.walker@covered.test', 'QA.first@covered.test', 'qz.last@covered.test', 'qb.two@covered.test', 'qk.mid@covered.test'];
    for (const [i, email] of emails.entries()) await mkUser(t, { email, username: `ZqCover${i}` });
    await mkUser(t, { email: 'qc.other@covered.test', username: 'other-zq' });
    const want = emails.map((e) => e.toLowerCase()).sort();
    for (const [ordering, order] of [['asc', want], ['desc', [...want].reverse()]] as const) {
      const q = `username=zqc&order_by=email&ordering=${ordering}&limit=2`;
      const seen: string[] = [];
      const cursors: string[] = [];
      let next: string | undefined;
      do {
        const page = await list(`${q}${next ? `&cursor=${next}` : ''}`);
        seen.push(...page.rows.map((r) => r.email.toLowerCase()));
        next = page.headers['next-cursor'] as string | undefined;
        if (next) cursors.push(next);
      } while (next && seen.length < 10);
      expect(seen).toEqual(order);
      // Back from the last page: the page before it, in display order.
      const last = await list(`${q}&cursor=${cursors.at(-1)}`);
      const back = await list(`${q}&cursor=${last.headers['prev-cursor']}`);
      expect(back.rows.map((r) => r.email.toLowerCase())).toEqual(order.slice(2, 4));
      expect((await list(`${q}&page=2`)).rows.map((r) => r.email.toLowerCase())).toEqual(order.slice(2, 4));
      expect((await list(q)).headers.total).toBe('5');
    }
  });
});

type Made = Record<string, string | number>;
/** Each order's key of a made user (role, level and state end with the creation time, as their keysets do). */
const ORDER_KEY: Record<string, (u: Made) => string | number> = {
  created_at: (u) => u.created_at!, updated_at: (u) => u.updated_at!, uid: (u) => u.uid!, email: (u) => u.email!,
  role: (u) => `${u.role}|${u.created_at}`, level: (u) => `${u.level}|${u.created_at}`, state: (u) => `${u.state}|${u.created_at}`,
};

/**
 * The filter's pages in every order the directory has (a new one needs its key above) both ways, by cursor forth
 * and back and by offset, against the matches, with the total.
 */
async function expectEveryOrder(filter: string, matches: Made[]): Promise<void> {
  for (const order of Object.keys(USER_KEYSETS)) {
    if (!ORDER_KEY[order]) throw new Error(`no key for the directory's order ${order} in ORDER_KEY`);
    for (const ordering of ['asc', 'desc'] as const) {
      const sorted = [...matches].sort((a, b) => (ORDER_KEY[order]!(a) < ORDER_KEY[order]!(b) ? -1 : 1)).map((u) => u.uid);
      const want = ordering === 'asc' ? sorted : sorted.reverse();
      const q = `${filter}&order_by=${order}&ordering=${ordering}&limit=2`;
      const seen: string[] = [];
      const cursors: string[] = [];
      let next: string | undefined;
      do {
        const page = await list(`${q}${next ? `&cursor=${next}` : ''}`);
        seen.push(...page.rows.map((r) => r.uid));
        next = page.headers['next-cursor'] as string | undefined;
        if (next) cursors.push(next);
      } while (next && seen.length < 20);
      expect(seen, q).toEqual(want);
      expect((await list(q)).headers.total, q).toBe(String(want.length));
      if (want.length > 2) expect((await list(`${q}&page=2`)).rows.map((r) => r.uid), q).toEqual(want.slice(2, 4));
      if (cursors.length > 1) {
        const last = await list(`${q}&cursor=${cursors.at(-1)}`);
        const back = await list(`${q}&cursor=${last.headers['prev-cursor']}`);
        expect(back.rows.map((r) => r.uid), q).toEqual(want.slice((cursors.length - 1) * 2, cursors.length * 2));
      }
    }
  }
}

describe('GET /admin/users: a referrer\'s referrals filtered and sorted (read from the referral index, 0057)', () => {
  it('gives every match once, in each order, by cursor both ways and by offset, with its total', async () => {
    const referrer = (await mkUser(t, { email: 'referrer@cover.test' })).uid;
    // Eight referrals of one referrer with varied columns, and two users of another referrer that match the rest.
    const made: Made[] = [];
    for (let i = 0; i < 8; i++) {
      const u = {
        email: `${'hdbfgace'[i]}${i}.ref@cover.test`, username: `refc${'cagebfhd'[i]}${i}`, role: i % 3 ? 'member' : 'trader',
        country: i % 2 ? 'NO' : 'SE', level: i % 4, state: i % 5 ? 'active' : 'pending', platform: 'ios', referrals: i,
        created_at: new Date(Date.UTC(2024, 0, 1 + ((i * 5) % 8))).toISOString(), updated_at: new Date(Date.UTC(2025, 0, 8 - i)).toISOString(),
      };
      made.push({ ...u, uid: (await mkUser(t, { ...u, referral_uid: referrer })).uid });
    }
    const other = (await mkUser(t, { email: 'other.referrer@cover.test' })).uid;
    for (let i = 0; i < 2; i++) await mkUser(t, { email: `x${i}.ref@cover.test`, role: 'member', country: 'NO', referral_uid: other });
    const cases: [string, (u: Made) => boolean][] = [
      ['', () => true], ['&role=member', (u) => u.role === 'member'], ['&country=NO', (u) => u.country === 'NO'],
      ['&referral_limit=3&state=active', (u) => Number(u.referrals) >= 3 && u.state === 'active'],
      ['&email=c', (u) => String(u.email).startsWith('c')], ['&username=REFCB', (u) => String(u.username).startsWith('refcb')],
    ];
    for (const [filter, keep] of cases) await expectEveryOrder(`referral_of=${referrer}${filter}`, made.filter(keep));
  });
});

describe('GET /admin/users: referrers with at least N referrals, filtered and sorted (0060, 0061)', () => {
  it('gives every match once, in each order, by cursor both ways and by offset, with its total', async () => {
    // Referrers with 1 to 4 referrals (the counts as the seed or sign-ups leave them), spread over the columns.
    const made: Made[] = [];
    for (let i = 0; i < 10; i++) {
      const u = {
        email: `cnt${'gdbjfaceih'[i]}${i}@refcount.test`, username: `cntr${'bjdhcagife'[i]}${i}`, role: i % 3 ? 'member' : 'trader',
        country: i % 2 ? 'NO' : 'SE', level: i % 4, state: i % 5 ? 'active' : 'pending', platform: 'ios', referrals: 1 + (i % 4),
        created_at: new Date(Date.UTC(2023, 0, 1 + ((i * 7) % 10))).toISOString(), updated_at: new Date(Date.UTC(2025, 1, 10 - i)).toISOString(),
      };
      made.push({ ...u, uid: (await mkUser(t, u)).uid });
    }
    await mkUser(t, { email: 'cntnone@refcount.test', referrals: 0 });
    const cases: [string, (u: Made) => boolean][] = [
      ['referral_limit=1', (u) => Number(u.referrals) >= 1], ['referral_limit=2', (u) => Number(u.referrals) >= 2],
      ['referral_limit=3&role=member', (u) => Number(u.referrals) >= 3 && u.role === 'member'],
      ['referral_limit=2&country=NO&state=active', (u) => Number(u.referrals) >= 2 && u.country === 'NO' && u.state === 'active'],
      ['referral_limit=2&username=CNTRB', (u) => Number(u.referrals) >= 2 && String(u.username).startsWith('cntrb')],
    ];
    // The e-mail prefix keeps the fixture's other referrers out.
    for (const [filter, keep] of cases) await expectEveryOrder(`email=CNT&${filter}`, made.filter(keep));
  });
});

describe('the directory walking a bounded window of an index in the page\'s order (boundedWalk)', () => {
  it('gives the same pages as the planner\'s read — a window that fills the page, and one too small that falls back', async () => {
    // Six users of one country with the prefix, four of it without, two with the prefix elsewhere: newest first.
    const made: { uid: string; country: string; username: string; created_at: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const country = i % 6 === 5 ? 'SE' : 'NO';
      const username = i % 3 === 1 ? `other${i}` : `wlk${i}`;
      const created_at = new Date(Date.UTC(2025, 0, 1 + i)).toISOString();
      made.push({ uid: (await mkUser(t, { email: `walk${i}@bounded.test`, username, country, created_at })).uid, country, username, created_at });
    }
    const want = made.filter((u) => u.country === 'NO' && u.username.startsWith('wlk')).reverse().map((u) => u.uid);
    expect(want.length).toBe(6);
    const f = { range: 'created' as const, country: 'NO', username: 'WLK' };
    const many = { total: COUNT_CAP + 1, estimate: 'lower-bound' as const };
    for (const window of [BOUNDED_WALK, 3]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let last: PageEnds<{ uid: string }> | undefined;
      do {
        const p = { orderBy: 'created_at' as const, ordering: 'desc' as const, limit: 2, page: 1, ...(cursor ? { cursor: decode(cursor) } : {}) };
        last = await listUsers(t.db.kysely, f, p, many, window);
        seen.push(...last.rows.map((r) => r.uid));
        cursor = last.nextCursor;
      } while (cursor && seen.length < 20);
      expect(seen, `window ${window}`).toEqual(want);
      // Back from the last page, in display order.
      const back = await listUsers(t.db.kysely, f, { orderBy: 'created_at', ordering: 'desc', limit: 2, page: 1, cursor: decode(last!.prevCursor!) }, many, window);
      expect(back.rows.map((r) => r.uid)).toEqual(want.slice(2, 4));
    }
  });
});
