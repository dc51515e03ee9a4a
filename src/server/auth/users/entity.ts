/**
 * The admin user entities: `User` for the directory (Barong's fields plus the fork's list fields) and
 * `UserWithKYC` for the detail, which builds on the sign-in serializer (userWithFullInfo) and replaces
 * what staff see differently: labels of every scope with description, profiles latest first, plus the
 * fork fields of spec §3. Decimals are strings, times ISO-8601 UTC.
 *
 * Comments and profiles are bounded (issue 10 item 12: one user's 813 comments made a 331 KB detail, sent
 * again by every comment write): the newest COMMENTS_SHOWN comments and PROFILES_SHOWN profiles, with
 * `comments_total` and `profiles_total` (our additions; a Barong client reads the arrays as before).
 * Older comments come a page at a time from GET /admin/users/{uid}/comments (comments.ts).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { userWithFullInfo } from '../user-entity.js';
import { adminLabels, stateLogs, type AdminUserRow } from '../../db/queries/users-admin.js';
import { iso } from '../../db/queries/user-json.js';
import { memberAccounts, type AccountRow } from '../../db/queries/members.js';
import type { LabelRow } from '../../db/queries/labels.js';
import { documentsOf } from '../../db/queries/documents.js';
import { documentEntity } from '../documents/entity.js';
import { commentsPage, countOf, latestProfiles, type CommentRow, type ProfileRow } from '../../db/queries/users-records.js';

/** Comments on the detail: the first page of the comments list. */
export const COMMENTS_SHOWN = 20;
/** Profiles on the detail: a user submits few; the console shows the latest, this bounds the rest. */
export const PROFILES_SHOWN = 10;

/** NUMERIC text without trailing zeros ('1.500000000000000000' → '1.5', '0E-18' never arises from pg text). */
export function plainDecimal(s: string): string {
  // By hand rather than two regular expressions: a money page maps a thousand of these.
  if (s.indexOf('.') < 0) return s;
  let end = s.length;
  while (s.charCodeAt(end - 1) === 48) end--;
  if (s.charCodeAt(end - 1) === 46) end--;
  return s.slice(0, end);
}

/** An account as the Member and user entities list it; `precision` is the currency's decimal places. */
export function accountEntity(a: AccountRow) {
  return { currency: a.currency, balance: plainDecimal(a.balance), locked: plainDecimal(a.locked), precision: a.precision };
}

export function labelEntity(l: Pick<LabelRow, 'key' | 'value' | 'scope' | 'description' | 'created_at' | 'updated_at'>) {
  return { key: l.key, value: l.value, scope: l.scope, description: l.description, created_at: iso(l.created_at), updated_at: iso(l.updated_at) };
}

export function commentEntity(c: CommentRow) {
  return { id: c.id, author_uid: c.author_uid, title: c.title, data: c.data, created_at: iso(c.created_at), updated_at: iso(c.updated_at) };
}

export function profileEntity(p: ProfileRow) {
  return {
    first_name: p.first_name, last_name: p.last_name, dob: p.dob, address: p.address, postcode: p.postcode, city: p.city,
    country: p.country, state: p.state, metadata: p.metadata === null ? null : JSON.stringify(p.metadata),
    created_at: iso(p.created_at), updated_at: iso(p.updated_at),
  };
}

/** The avatar URLs the fork keeps in users.data (`{profile_url: {small: {url}, large: {url}}}`), if any. */
function profileUrl(data: unknown): unknown {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>).profile_url : undefined;
  return v && typeof v === 'object' ? v : null;
}

export async function userWithKyc(db: Kysely<DB>, u: AdminUserRow) {
  const [base, labels, comments, commentsTotal, logs, accounts, profiles, profilesTotal, documents] = await Promise.all([
    userWithFullInfo(db, u, false), adminLabels(db, u.id), commentsPage(db, u.id, { limit: COMMENTS_SHOWN, page: 1 }),
    countOf(db, 'comments', u.id), stateLogs(db, u.id), memberAccounts(db, u.id),
    latestProfiles(db, u.id, PROFILES_SHOWN), countOf(db, 'profiles', u.id), documentsOf(db, [u.id]),
  ]);
  const latest = profiles[0];
  const fullName = [latest?.first_name, latest?.last_name].filter(Boolean).join(' ');
  return {
    ...base,
    labels: labels.map(labelEntity),
    // Unlike the sign-in entity (oldest first), staff look at the latest profile first.
    profiles: profiles.map(profileEntity),
    profiles_total: profilesTotal,
    // Barong's UserWithKYC documents, oldest first; `upload` is the staff file route (read Document).
    documents: documents.map((d) => documentEntity(d)),
    comments: comments.map(commentEntity),
    comments_total: commentsTotal,
    user_state_logs: logs.map((l) => ({ ...l, created_at: iso(l.created_at) })),
    accounts: accounts.map(accountEntity),
    phone_number: u.phone_number,
    platform: u.platform,
    referrals: u.referrals,
    group: u.fee_group,
    minimum_swap_amount: plainDecimal(u.minimum_swap_amount),
    country: u.country,
    country_of_residence: latest?.country ?? null,
    last_ip: u.last_ip,
    last_country: u.last_country,
    lock_peer: u.lock_peer,
    password_reset_at: iso(u.password_reset_at),
    profile_url: profileUrl(u.data),
    full_name: fullName || null,
    investments: [],
    peer_histories: [],
  };
}
