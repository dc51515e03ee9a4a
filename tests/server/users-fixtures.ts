/** Shared set-up of the users-area server tests: staff signed in, customers with every directory field. */
import type { TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD, type NewUser } from '../helpers/users.js';
import { signIn, type SignedIn, nextTestIp } from '../helpers/auth.js';

export interface Extra {
  username?: string; phone_number?: string; platform?: string; country?: string; referral_uid?: string;
  referrals?: number; created_at?: string; updated_at?: string; fee_group?: string;
}

/** A user with the directory's extra columns set. */
export async function mkUser(t: TestApp, u: NewUser & Extra = {}) {
  const { username, phone_number, platform, country, referral_uid, referrals, created_at, updated_at, fee_group, ...base } = u;
  const row = await createUser(t.db, base);
  const patch = Object.fromEntries(Object.entries({
    username, phone_number, platform, country, referral_uid, referrals, created_at, updated_at, fee_group,
  }).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) return row;
  return t.db.kysely.updateTable('users').set(patch).where('id', '=', row.id).returningAll().executeTakeFirstOrThrow();
}

/** A staff member signed in from its own address (the per-IP failure counter stays clear). */
export async function staff(t: TestApp, role: string, extra: NewUser & Extra = {}): Promise<SignedIn & { id: number; uid: string }> {
  const u = await mkUser(t, { role, ...extra });
  const s = await signIn(t.app, { email: u.email, password: TEST_PASSWORD, ip: nextTestIp() });
  return Object.assign(s, { id: u.id, uid: u.uid });
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp, base: string) {
  return (who: SignedIn, method: Method, path: string, payload?: unknown) =>
    t.app.inject({ method, url: `${base}${path}`, headers: who.headers(), ...(payload !== undefined ? { payload: payload as object } : {}) });
}

/** The newest admin activity with this topic. */
export async function lastActivity(t: TestApp, topic: string) {
  return t.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin').where('topic', '=', topic)
    .orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function userRow(t: TestApp, uid: string) {
  return t.db.kysely.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();
}
