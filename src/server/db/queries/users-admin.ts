/**
 * SQL of the admin user directory and user detail. Every list filter and sort is served by an index
 * (0001_core, 0004_users_area, 0007_lists_at_scale, 0055): prefixes go through text_pattern_ops indexes on
 * lower(username) and phone_number; equality filters and the low-cardinality sorts
 * through (column, created_at, id) indexes, so one index answers both "role = x, newest first" and
 * "ordered by role"; the e-mail prefix and the e-mail sort both on lower(email) COLLATE "C" (byte order, so
 * a prefix is a range of the order's index), uid on its unique key. A username prefix sorted by e-mail reads
 * its page's keys from the username index, which carries the e-mail key (0056, coveredUsers); a referrer's
 * referrals, filtered and sorted any way, from the referral index, which carries every such column (0057).
 */
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DB, UsersTable } from '../schema.js';
import { escapeLike } from './resources.js';
import { cappedCount, COUNT_CAP, type CappedTotal } from './count.js';
import { countedPage } from './list-page.js';
import { applyPage, finishPage, keyColumns, keyPart, orderLikePage, type Keyset, type PageEnds, type PageRequest } from './paging.js';

export type AdminUserRow = Selectable<UsersTable>;

/** What a list row of users carries (the `User` entity's columns): never the password digest or OTP secret. */
export const USER_LIST_COLUMNS = [
  'id', 'email', 'uid', 'role', 'level', 'otp', 'state', 'referral_uid', 'username', 'data', 'phone_number', 'platform',
  'country', 'referrals', 'fee_group', 'minimum_swap_amount', 'created_at', 'updated_at',
] as const satisfies readonly (keyof AdminUserRow)[];

export type UserListRow = Pick<AdminUserRow, (typeof USER_LIST_COLUMNS)[number]>;

export interface UserFilter {
  email?: string; uid?: string; role?: string; country?: string; level?: number; state?: string;
  username?: string; phone_number?: string; platform?: string; referral_of?: string; referral_limit?: number;
  from?: Date; to?: Date; range: 'created' | 'updated';
  /** One row by its id (the palette's `#id` turns a directory row id into a uid). */
  id?: number;
  /** The member's fee group (Peatio's admin members list). */
  group?: string;
}

export type UserOrder = 'uid' | 'email' | 'role' | 'level' | 'created_at' | 'updated_at' | 'state';

export interface UserPage extends PageRequest { orderBy: UserOrder }

const BY_TIME = [keyPart('created_at', 'ts'), keyPart('id', 'int')];

/** Each sortable column's keyset: its sort expressions, ending in a unique key, each with its index. */
export const USER_KEYSETS: Record<UserOrder, Keyset> = {
  created_at: { parts: BY_TIME },
  updated_at: { parts: [keyPart('updated_at', 'ts'), keyPart('id', 'int')] },
  uid: { parts: [keyPart('uid', 'text')] },
  // Case-insensitive, as e-mail addresses compare; unique, so the key alone ends the tuple.
  // Byte order (COLLATE "C", migration 0055): the same index holds an e-mail prefix as a range.
  email: { parts: [{ expr: (a) => sql`(lower(${sql.ref(`${a}.email`)}) COLLATE "C")`, type: 'text' }] },
  role: { parts: [keyPart('role', 'text'), ...BY_TIME] },
  level: { parts: [keyPart('level', 'int'), ...BY_TIME] },
  state: { parts: [keyPart('state', 'text'), ...BY_TIME] },
};

/** What the directory's filters apply to: the users table, or a walk of it (boundedWalk). */
type UsersFrom = SelectQueryBuilder<DB, 'users', object>;

/** The directory query with its filters applied (exported so a test can check every filter's plan). */
export function filtered(db: Kysely<DB>, f: UserFilter, from: UsersFrom = db.selectFrom('users')) {
  let q = from;
  if (f.id !== undefined) q = q.where('id', '=', f.id);
  if (f.email) q = q.where(sql<string>`(lower(email) COLLATE "C")`, 'like', `${escapeLike(f.email.trim().toLowerCase())}%`);
  if (f.uid) q = q.where('uid', '=', f.uid.trim());
  if (f.role) q = q.where('role', '=', f.role);
  if (f.country) q = q.where('country', '=', f.country);
  if (f.level !== undefined) q = q.where('level', '=', f.level);
  if (f.state) q = q.where('state', '=', f.state);
  if (f.username) {
    q = q.where('username', 'is not', null)
      .where(sql<string>`lower(username)`, 'like', `${escapeLike(f.username.trim().toLowerCase())}%`);
  }
  if (f.phone_number) q = q.where('phone_number', 'like', `${escapeLike(f.phone_number.replace(/^\+/, '').trim())}%`);
  if (f.platform) q = q.where('platform', '=', f.platform);
  if (f.group) q = q.where('fee_group', '=', f.group);
  if (f.referral_of) q = q.where('referral_uid', '=', f.referral_of);
  if (f.referral_limit !== undefined) q = q.where('referrals', '>=', f.referral_limit);
  const col = f.range === 'updated' ? 'updated_at' : 'created_at';
  if (f.from) q = q.where(col, '>=', f.from);
  if (f.to) q = q.where(col, '<=', f.to);
  return q;
}

/**
 * Up to this many (exactly counted) matches, a filter that no index serves in the page's order is read
 * whole and sorted, instead of walking the order's index until a page of matches turns up. Reading N
 * matches costs N row fetches; the walk costs about (limit + 1) × table rows / N, so below
 * √(26 × 1M) ≈ 5,000 matches reading them is the cheaper, and above it the walk finds a page quickly.
 * The planner cannot make this choice itself: a prefix's estimate (username 'bo%': 4,396 estimated, 0
 * real) sent it walking all 1M rows of the created_at index for an empty page.
 */
export const READ_WHOLE_BELOW = 5_000;

/** Equality filters with a (column, created_at, id) index (0007). */
const SEEKABLE = ['role', 'state', 'level', 'country', 'platform', 'referral_of'] as const;

/** The filters given (the date range's kind is not one). */
const usedFilters = (f: UserFilter) => Object.entries(f).filter(([k, v]) => k !== 'range' && v !== undefined && v !== '').map(([k]) => k);

/**
 * Whether one index walk in the page's order finds only matching rows (so the walk is one page long). An
 * equality's (column, created_at, id) index, and (country, state, created_at, id), hold a creation window as a
 * range of their own: "country US, created in the last 30 days, newest first" is one backward walk of
 * users_country_idx, where reading the window's 5,285 users at 1M and sorting them cost 101 ms on a cold cache.
 */
export function servedInOrder(f: UserFilter, order: UserOrder): boolean {
  if (f.id !== undefined || f.uid) return true;
  const used = usedFilters(f);
  const timed = f.range === 'created' ? 'created_at' : 'updated_at';
  const rest = used.filter((k) => k !== 'from' && k !== 'to');
  if (rest.length === 0) return used.length === 0 || order === timed;
  const window = rest.length < used.length;
  if (window && timed !== 'created_at') return false;
  if (rest.length === 2 && f.country && f.state) return order === 'created_at';
  const [only] = rest;
  // An e-mail prefix is a range of the e-mail order's index (0055).
  if (rest.length === 1 && only === 'email' && order === 'email') return !window;
  return rest.length === 1 && (SEEKABLE as readonly string[]).includes(only!) && (order === 'created_at' || order === only);
}

/**
 * Indexes that carry more than their own filter: `lead` is the filter whose index it is, `carries` the other
 * filters its entries can test, `orders` the orders whose keys it holds, and `fetchBy` how the page's rows are
 * fetched once their keys are read from it — by the order's own (unique) key, or by id.
 * - The username prefix's carries the e-mail key (0056), which the usernames follow (both are made from the
 *   same names), so a walk of the e-mail order would meet the prefix's users only deep into it.
 * - The referrer's carries every column the directory filters and sorts by (0057): a referrer's referrals lie
 *   scattered over the table, one heap block each, which the count and the page read to test the other filter.
 * - The referrers' (0060: users with referrals, newest first) carries the same: referrers are mostly early users,
 *   so the creation order's walk from the newest met a page of them only after ~560,000 users at 1M. It serves
 *   "at least 1" (every referrer, so every entry of the walk matches), in its own order only.
 * - The referral counts' (0061: users with referrals by count) carries the same for "at least 2" and more: the
 *   matches are one range of it, far fewer than the referrers (12,595 of 151,023 for at least 3 at 1M), whose
 *   keys are read whole and sorted in any order (`readsRange`) — walked in creation order instead, 0060 passed
 *   most referrers for a page, the early users being the ones with several referrals.
 */
interface Cover {
  lead: keyof UserFilter; carries: readonly (keyof UserFilter)[]; orders: readonly UserOrder[]; fetchBy: 'key' | 'id';
  /** Whether the lead filter's value is one the index holds (a partial index's predicate). */
  holds?: (f: UserFilter) => boolean;
  /**
   * The page's keys are read from every match (the lead's range of the index) and sorted, not from a walk in
   * the page's order: the planner, which assumes matches spread evenly, would walk 0060 for them.
   */
  readsRange?: true;
}
/** The filters whose columns the referral and referrers' indexes include (0057, 0060, 0061): all but id, uid and their own. */
const INCLUDED_FILTERS = ['from', 'to', 'email', 'role', 'country', 'level', 'state', 'username', 'phone_number', 'platform', 'group'] as const;
const ALL_ORDERS = Object.keys(USER_KEYSETS) as UserOrder[];
/** The columns the keysets read, all in the referral counts' index: what a fenced read of its range returns. */
const KEY_SOURCES = ['id', 'created_at', 'updated_at', 'uid', 'email', 'role', 'level', 'state'] as const;
const atLeast = (f: UserFilter) => f.referral_limit ?? 0;
const COVERS: readonly Cover[] = [
  { lead: 'username', carries: [], orders: ['email'], fetchBy: 'key' },
  { lead: 'referral_of', fetchBy: 'id', carries: [...INCLUDED_FILTERS, 'referral_limit'], orders: ALL_ORDERS },
  // Only users with referrals are in the referrers' indexes: "at least 0" is everyone.
  { lead: 'referral_limit', fetchBy: 'id', carries: INCLUDED_FILTERS, orders: ['created_at'], holds: (f) => atLeast(f) > 0 && atLeast(f) < 2 },
  { lead: 'referral_limit', fetchBy: 'id', carries: INCLUDED_FILTERS, orders: ALL_ORDERS, holds: (f) => atLeast(f) >= 2, readsRange: true },
];

function coverOf(f: UserFilter, order: UserOrder): Cover | undefined {
  const used = usedFilters(f) as (keyof UserFilter)[];
  return COVERS.find((c) => used.includes(c.lead) && (c.holds?.(f) ?? true) && c.orders.includes(order)
    && used.every((k) => k === c.lead || c.carries.includes(k)));
}

/** Whether one index carries the filter and the page's order (coveredUsers reads the page from it). */
export function coveredInIndex(f: UserFilter, order: UserOrder): boolean {
  return coverOf(f, order) !== undefined;
}

/**
 * One page read from the filter's covering index: the page's keys (every match's key read from the index
 * alone, sorted unless the index walks in the page's order — an index-only scan of the filter's range), then
 * its rows by key (the order's unique index) or by id.
 */
export function coveredQuery(db: Kysely<DB>, f: UserFilter, p: UserPage) {
  const ks = USER_KEYSETS[p.orderBy];
  const cover = coverOf(f, p.orderBy);
  if (cover?.fetchBy === 'id') {
    // OFFSET 0 keeps the range a subquery of its own, read whole, which the page's order and limit cannot turn into a walk.
    const matches = cover.readsRange
      ? db.selectFrom(filtered(db, f).select(KEY_SOURCES).offset(0).as('users')) as unknown as UsersFrom : filtered(db, f);
    const keys = applyPage(matches.select('users.id as kid'), ks, 'users', p);
    return orderLikePage(db.selectFrom(keys.as('k')).innerJoin('users', 'users.id', 'k.kid').select(USER_LIST_COLUMNS)
      .select(keyColumns(ks, 'k')), ks, p, 'users');
  }
  const key = ks.parts[0]!.expr('users');
  const keys = applyPage(filtered(db, f), ks, 'users', p);
  return orderLikePage(db.selectFrom('users').select(USER_LIST_COLUMNS).select(key.as('k0')).where(key, 'in', keys), ks, p, 'users')
    .limit(p.limit + 1);
}

async function coveredUsers(db: Kysely<DB>, f: UserFilter, p: UserPage): Promise<PageEnds<UserListRow>> {
  return finishPage(await coveredQuery(db, f, p).execute(), USER_KEYSETS[p.orderBy], p, p.orderBy);
}

/**
 * One page of the directory, keyset-paged in every order (paging.ts): a `cursor` seeks straight to its
 * row, and every page carries the cursors of its neighbours. Offsets are bounded by the route. `total`
 * is the filter's capped count, needed unless servedInOrder: few matches that no index serves in
 * order are read whole (OFFSET 0 keeps the planner from turning that back into a walk).
 */
export async function listUsers(
  db: Kysely<DB>, f: UserFilter, p: UserPage, total?: CappedTotal, window = BOUNDED_WALK,
): Promise<PageEnds<UserListRow>> {
  const ks = USER_KEYSETS[p.orderBy];
  const matches = filtered(db, f).select(USER_LIST_COLUMNS);
  const whole = total !== undefined && !total.estimate && total.total < READ_WHOLE_BELOW && !servedInOrder(f, p.orderBy);
  if (whole) return finishPage(await applyPage(db.selectFrom(matches.offset(0).as('users')).selectAll(), ks, 'users', p).execute(), ks, p, p.orderBy);
  const walked = boundedWalk(db, f, p, window);
  const rows = walked && await walked.execute();
  if (rows && rows.length > p.limit) return finishPage(rows, ks, p, p.orderBy);
  return finishPage(await applyPage(matches, ks, 'users', p).execute(), ks, p, p.orderBy);
}

/**
 * How many entries of an index in the page's order a walk for a page reads (boundedWalk) before the page is
 * read the planner's way instead.
 */
export const BOUNDED_WALK = 20_000;

/**
 * The part of a filter that one index walks in the page's order: an equality with its (column, created_at, id)
 * index (0007) — under the creation order with the creation range too.
 */
function walkedPart(f: UserFilter, order: UserOrder): UserFilter | undefined {
  const eq = SEEKABLE.find((k) => f[k] !== undefined && f[k] !== '' && (order === 'created_at' || order === k));
  if (!eq) return undefined;
  return { range: f.range, [eq]: f[eq], ...(order === 'created_at' && f.range === 'created' ? { from: f.from, to: f.to } : {}) };
}

/**
 * A page found by walking at most BOUNDED_WALK entries of the index that serves part of the filter in the
 * page's order, the rest of the filter applied to what the walk reads (null when no index serves a part, or
 * the page is an offset past the first). Past its count's budget the directory does not know how many match,
 * and the planner, estimating from each filter alone, picks a plan for few: for country US × username "ma"
 * at 1M users (2,874 matches) it intersected both indexes (66,219 and 43,769 entries) and sorted, 32 ms,
 * where the country's walk in order finds a page in ~1,200 entries. A walk that fills no page in its window
 * (matches rarer than 1 in ~400 there) leaves the page to the planner's plan.
 */
export function boundedWalk(db: Kysely<DB>, f: UserFilter, p: UserPage, window = BOUNDED_WALK) {
  const part = servedInOrder(f, p.orderBy) || (!p.cursor && p.page > 1) ? undefined : walkedPart(f, p.orderBy);
  if (!part) return null;
  const ks = USER_KEYSETS[p.orderBy];
  const walk = applyPage(filtered(db, part).selectAll(), ks, 'users', p).limit(window);
  return applyPage(filtered(db, f, db.selectFrom(walk.as('users')) as unknown as UsersFrom).select(USER_LIST_COLUMNS), ks, 'users', p);
}

/**
 * The count and one page of the directory (Barong's /admin/users, Peatio's /admin/members). The count (up
 * to COUNT_CAP rows, then the planner) goes out first. Where one index walk serves the filter in this
 * order, or the filter's index carries the order (coveredUsers), the page is read alongside it. Otherwise
 * the count decides how the page is read (listUsers): few matches are read whole and sorted, more are found
 * by walking the order's index; when nothing matches there is no page to read. (A walk sent beside the
 * count and cancelled when the count found few was tried: at 1M users it took a few ms off the rows whose
 * count runs past the budget and doubled the few-match rows — country × phone prefix 12 → 24 ms, 349 at p95.)
 */
export async function userPage(db: Kysely<DB>, f: UserFilter, p: UserPage): Promise<[CappedTotal, PageEnds<UserListRow>]> {
  const covered = coveredInIndex(f, p.orderBy);
  const done = await countedPage(cappedCount(db, filtered(db, f), COUNT_CAP), COUNT_CAP, p, {
    early: covered ? () => coveredUsers(db, f, p) : servedInOrder(f, p.orderBy) ? () => listUsers(db, f, p) : undefined,
    // Past the count's budget the count says only that counting is dear: listUsers walks the order's index
    // (it reads whole only what it knows to be few).
    after: (known) => listUsers(db, f, p, known),
  });
  return done ? [done.total, done.page] : [{ total: 0 }, { rows: [], nextCursor: null, prevCursor: null }];
}

export function findUserByUid(db: Kysely<DB>, uid: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
}

/**
 * A user's role for a write that names the user, under a share lock: a concurrent role change waits for
 * that write to commit (or the write sees the new role), while other writes naming the user do not queue.
 */
export async function userRoleForShare(db: Kysely<DB>, who: { uid: string } | { id: number }): Promise<string | undefined> {
  const q = db.selectFrom('users').select('role');
  const row = await ('uid' in who ? q.where('uid', '=', who.uid) : q.where('id', '=', who.id)).forShare().executeTakeFirst();
  return row?.role;
}

/** The target of a write, row-locked so concurrent edits of one user queue instead of interleaving. */
export function lockUserByUid(db: Kysely<DB>, uid: string): Promise<AdminUserRow | undefined> {
  return db.selectFrom('users').selectAll().where('uid', '=', uid).forUpdate().executeTakeFirst();
}

export function emailTaken(db: Kysely<DB>, email: string, exceptId: number): Promise<{ id: number } | undefined> {
  return db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('id', '<>', exceptId).executeTakeFirst();
}

export type UserPatch = Partial<Pick<AdminUserRow, 'state' | 'otp' | 'otp_secret' | 'email' | 'phone_number' | 'role' | 'level'
  | 'fee_group' | 'minimum_swap_amount' | 'referral_uid'>>;

/**
 * Whether `uid` is `ancestor` or was referred by `ancestor`, directly or down the chain (users_uid
 * index per step; the depth bound stops on data that already holds a loop).
 */
export async function referredBy(db: Kysely<DB>, uid: string, ancestor: string): Promise<boolean> {
  const hit = await sql<{ hit: number }>`
    WITH RECURSIVE chain (uid, referral_uid, depth) AS (
      SELECT uid, referral_uid, 1 FROM users WHERE uid = ${uid}
      UNION ALL
      SELECT u.uid, u.referral_uid, c.depth + 1 FROM users u JOIN chain c ON u.uid = c.referral_uid WHERE c.depth < 10000
    )
    SELECT 1 AS hit FROM chain WHERE uid = ${ancestor} LIMIT 1`.execute(db);
  return hit.rows.length > 0;
}

export function patchUser(db: Kysely<DB>, id: number, patch: UserPatch, now: Date): Promise<AdminUserRow> {
  return db.updateTable('users').set({ ...patch, updated_at: now }).where('id', '=', id)
    .returningAll().executeTakeFirstOrThrow();
}

export async function insertStateLog(
  db: Kysely<DB>, v: { userId: number; pastState: string; state: string; remark: string | null; by: number | null; now: Date },
): Promise<void> {
  await db.insertInto('user_state_logs').values({
    user_id: v.userId, past_state: v.pastState, state: v.state, remark: v.remark, change_by_user_id: v.by, created_at: v.now,
  }).execute();
}

/**
 * An admin-set phone number replaces the user's phone records with that one number. Staff set it on
 * the user's behalf, so it counts as validated; the country stays the previous record's (the console
 * sends digits only).
 */
export async function replacePhone(db: Kysely<DB>, userId: number, number: string, now: Date): Promise<void> {
  const prev = await db.selectFrom('phones').select('country').where('user_id', '=', userId)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
  await db.deleteFrom('phones').where('user_id', '=', userId).execute();
  await db.insertInto('phones').values({
    user_id: userId, country: prev?.country ?? '', number, validated_at: now, created_at: now, updated_at: now,
  }).execute();
}

// ---- user detail ----

export function adminLabels(db: Kysely<DB>, userId: number) {
  return db.selectFrom('labels').select(['key', 'value', 'scope', 'description', 'created_at', 'updated_at'])
    .where('user_id', '=', userId).orderBy('id').execute();
}

export function stateLogs(db: Kysely<DB>, userId: number) {
  return db.selectFrom('user_state_logs as l').leftJoin('users as b', 'b.id', 'l.change_by_user_id')
    .select(['l.past_state', 'l.state', 'l.remark', 'l.created_at', 'b.email as change_by_user_email', 'b.uid as change_by_user_uid'])
    .where('l.user_id', '=', userId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
}

export function accreditedVerifications(db: Kysely<DB>, userId: number) {
  return db.selectFrom('accredited_verifications').select(['verification_id', 'status', 'created_at'])
    .where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Profiles of a page of users in one query (the directory's `extended=true`), latest first per user. */
export function profilesOf(db: Kysely<DB>, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('profiles').selectAll().where('user_id', 'in', userIds)
    .orderBy('user_id').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}
