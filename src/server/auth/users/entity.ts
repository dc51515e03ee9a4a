/**
 * The admin user entities: `User` for the directory (Barong's fields plus the fork's list fields) and
 * `UserWithKYC` for the detail, which builds on the sign-in serializer (userWithFullInfo) and replaces
 * what staff see differently: labels of every scope with description, profiles latest first, plus the
 * fork fields of spec §3. Decimals are strings, times ISO-8601 UTC.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { userWithFullInfo } from '../user-entity.js';
import {
  adminLabels, latestProfile, stateLogs, userComments, type AdminUserRow,
} from '../../db/queries/users-admin.js';
import { iso } from '../../db/queries/user-json.js';
import { memberAccounts, type AccountRow } from '../../db/queries/members.js';
import type { LabelRow } from '../../db/queries/labels.js';
import type { ProfileRow } from '../../db/queries/users-records.js';

/** NUMERIC text without trailing zeros ('1.500000000000000000' → '1.5', '0E-18' never arises from pg text). */
export function plainDecimal(s: string): string {
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
}

/** An account as the Member and user entities list it; `precision` is the currency's decimal places. */
export function accountEntity(a: AccountRow) {
  return { currency: a.currency, balance: plainDecimal(a.balance), locked: plainDecimal(a.locked), precision: a.precision };
}

export function labelEntity(l: Pick<LabelRow, 'key' | 'value' | 'scope' | 'description' | 'created_at' | 'updated_at'>) {
  return { key: l.key, value: l.value, scope: l.scope, description: l.description, created_at: iso(l.created_at), updated_at: iso(l.updated_at) };
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
  const [base, labels, comments, logs, accounts, latest] = await Promise.all([
    userWithFullInfo(db, u), adminLabels(db, u.id), userComments(db, u.id), stateLogs(db, u.id),
    memberAccounts(db, u.id), latestProfile(db, u.id),
  ]);
  const fullName = [latest?.first_name, latest?.last_name].filter(Boolean).join(' ');
  return {
    ...base,
    labels: labels.map(labelEntity),
    // The sign-in entity lists profiles oldest first; staff look at the latest one first.
    profiles: [...base.profiles].reverse(),
    documents: [],
    comments: comments.map((c) => ({ ...c, created_at: iso(c.created_at), updated_at: iso(c.updated_at) })),
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
