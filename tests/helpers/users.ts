/** Test users straight into the database (no HTTP), with a cheap-but-real argon2id digest. */
import type { Database } from '../../src/server/db/index.js';
import { hashPassword } from '../../src/server/auth/passwords.js';
import { newUid } from '../../src/server/db/ids.js';

export const TEST_PASSWORD = 'Correct-horse-9';
let digest: Promise<string> | undefined;

export interface NewUser {
  email?: string; role?: string; state?: string; level?: number; otp?: boolean; otpSecret?: string;
  password?: string; uid?: string;
}

export async function createUser(db: Database, u: NewUser = {}) {
  const password_digest = u.password ? await hashPassword(u.password) : await (digest ??= hashPassword(TEST_PASSWORD));
  const uid = u.uid ?? newUid();
  return db.kysely.insertInto('users').values({
    uid,
    email: u.email ?? `${uid.toLowerCase()}@test.example`,
    password_digest,
    role: u.role ?? 'member',
    state: u.state ?? 'active',
    level: u.level ?? 3,
    otp: u.otp ?? false,
    otp_secret: u.otpSecret ?? null,
    minimum_swap_amount: '0',
    username: null, phone_number: null, platform: 'web', referral_uid: null, country: null,
    last_ip: null, last_country: null, password_reset_at: null,
  }).returningAll().executeTakeFirstOrThrow();
}
