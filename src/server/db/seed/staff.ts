/**
 * Staff accounts: one per role plus a 2FA admin, with fixed ids and uids so tests and docs can name
 * them. Inserted from JS (a dozen rows); the password digest is computed once by the caller.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';

export const DEMO_DOMAIN = 'steward.demo';

/** The roles that get a `<role>@steward.demo` account, in id order. */
export const STAFF_ROLES = [
  'admin', 'superadmin', 'support', 'technical', 'accountant', 'broker', 'investor', 'compliance', 'trader', 'manager', 'member',
] as const;

/**
 * The 2FA demo account's TOTP secret: base32 of the bytes "steward-demo-2fa-key". Fixed so the
 * banner, the docs and an authenticator set up once keep working across re-seeds.
 */
export const DEMO_TOTP_SECRET = 'ON2GK53BOJSC2ZDFNVXS2MTGMEWWWZLZ';
export const TOTP_ISSUER = 'Steward';

export interface StaffAccount {
  id: number; uid: string; email: string; role: string; otp: boolean; first: string; last: string; country: string;
}

const NAMES: Array<[string, string, string]> = [
  ['Ada', 'Lindqvist', 'SE'], ['Samuel', 'Okafor', 'NG'], ['Mei', 'Tanaka', 'JP'], ['Tariq', 'Haddad', 'AE'],
  ['Clara', 'Moreno', 'ES'], ['Victor', 'Santos', 'BR'], ['Irene', 'Novak', 'CZ'], ['Hugo', 'Dubois', 'FR'],
  ['Nina', 'Petrov', 'GE'], ['Felix', 'Bauer', 'DE'], ['Rosa', 'Costa', 'PT'], ['Theo', 'Jensen', 'GB'],
];

const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');

/** Every staff account: ids 1..12, uids ID0000000001..ID000000000C. */
export const STAFF: StaffAccount[] = [...STAFF_ROLES, '2fa' as const].map((name, i) => ({
  id: i + 1,
  uid: `ID00000000${hex2(i + 1)}`,
  email: `${name}@${DEMO_DOMAIN}`,
  role: name === '2fa' ? 'admin' : name,
  otp: name === '2fa',
  first: NAMES[i][0],
  last: NAMES[i][1],
  country: NAMES[i][2],
}));

export const staffByRole = (role: string): StaffAccount => STAFF.find((s) => s.email === `${role}@${DEMO_DOMAIN}`)!;

export async function insertStaff(db: Kysely<DB>, digest: string, now: Date): Promise<void> {
  const day = 86_400_000;
  const created = (i: number) => new Date(now.getTime() - 760 * day + i * 3_600_000);
  await db.insertInto('users').values(STAFF.map((s, i) => ({
    id: s.id, // explicit ids: customers are numbered after them (see customers.ts)
    uid: s.uid,
    email: s.email,
    username: s.email.split('@')[0] === '2fa' ? 'admin_2fa' : `${s.role}_staff`,
    password_digest: digest,
    role: s.role,
    level: 3,
    state: 'active',
    otp: s.otp,
    otp_secret: s.otp ? DEMO_TOTP_SECRET : null,
    phone_number: `44207946${String(100 + i)}`,
    platform: 'web',
    referral_uid: null,
    fee_group: 'any',
    minimum_swap_amount: '0',
    country: s.country,
    last_ip: `203.0.113.${10 + i}`,
    last_country: s.country,
    password_reset_at: null,
    data: null,
    created_at: created(i),
    updated_at: created(i),
  }))).execute();

  const labels = STAFF.flatMap((s, i) => ['email', 'phone', 'document', 'profile'].map((key) => ({
    user_id: s.id, key, value: 'verified', scope: 'private', description: null,
    created_at: created(i), updated_at: created(i),
  })));
  await db.insertInto('labels').values(labels).execute();

  await db.insertInto('profiles').values(STAFF.map((s, i) => ({
    user_id: s.id, first_name: s.first, last_name: s.last, dob: `19${80 + i}-0${1 + (i % 9)}-1${i % 10}`,
    address: `${10 + i} Harbour Lane`, postcode: `EC${i + 1} 4AB`, city: 'London', country: s.country,
    state: 'verified', metadata: null, author: null, created_at: created(i), updated_at: created(i),
  }))).execute();

  await db.insertInto('phones').values(STAFF.map((s, i) => ({
    user_id: s.id, country: 'GB', number: `44207946${String(100 + i)}`, validated_at: created(i),
    created_at: created(i), updated_at: created(i),
  }))).execute();
}
