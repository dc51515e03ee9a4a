/** The start-up banner: where the console is and how to sign in to the demo accounts. */
import type { Kysely } from 'kysely';
import { generateURI } from 'otplib';
import type { DB } from '../schema.js';
import { verifyPassword } from '../../auth/passwords.js';
import { LIVE_STATES } from '../../auth/sessions.js';
import { openOtpSecret } from '../../auth/otp-secrets.js';
import { SealError } from '../../auth/sealed.js';
import { DEMO_DOMAIN, DEMO_TOTP_SECRET, TOTP_ISSUER } from './staff.js';

export const demoTotpUri = (email: string): string =>
  generateURI({ issuer: TOTP_ISSUER, label: email, secret: DEMO_TOTP_SECRET });

export interface DemoSignIn {
  accounts: Array<{ email: string; role: string; otp: boolean }>;
  /** The configured demo password, or null when the accounts no longer accept it. */
  password: string | null;
  totp?: { email: string; secret: string; uri: string };
}

/**
 * The demo accounts still present in the database (none on a real deployment, which then prints
 * no demo section). One password check tells whether the configured password still opens them; the 2FA
 * account is shown while its secret (opened with `secretsKey`, auth/otp-secrets.ts) is still the demo's.
 */
export async function demoSignIn(db: Kysely<DB>, password: string, secretsKey: Buffer | null): Promise<DemoSignIn | null> {
  const rows = await db.selectFrom('users').select(['id', 'email', 'role', 'otp', 'otp_secret', 'password_digest'])
    .where('email', 'like', `%@${DEMO_DOMAIN}`).where('state', '=', 'active').orderBy('id').execute();
  if (rows.length === 0) return null;
  const admin = rows.find((r) => r.email === `admin@${DEMO_DOMAIN}`) ?? rows[0];
  const ok = await verifyPassword(admin.password_digest, password);
  const isDemoSecret = (r: { id: number; otp_secret: string | null }) => {
    try { return openOtpSecret(secretsKey, r) === DEMO_TOTP_SECRET; } catch (e) { if (e instanceof SealError) return false; throw e; }
  };
  const twoFa = rows.find((r) => r.otp && isDemoSecret(r));
  return {
    accounts: rows.map(({ email, role, otp }) => ({ email, role, otp })),
    password: ok ? password : null,
    totp: twoFa ? { email: twoFa.email, secret: DEMO_TOTP_SECRET, uri: demoTotpUri(twoFa.email) } : undefined,
  };
}

/**
 * The live demo staff accounts that `password` signs in to. The seed gives them all one digest, so this
 * costs one hash per distinct digest (one, unless passwords were changed one by one).
 */
export async function demoAccountsTaking(db: Kysely<DB>, password: string): Promise<string[]> {
  const rows = await db.selectFrom('users').select(['email', 'password_digest'])
    .where('email', 'like', `%@${DEMO_DOMAIN}`).where('state', 'in', [...LIVE_STATES]).orderBy('id').execute();
  const opens = new Map<string, boolean>();
  for (const r of rows) {
    const digest = r.password_digest ?? '';
    if (!opens.has(digest)) opens.set(digest, await verifyPassword(r.password_digest, password));
  }
  return rows.filter((r) => opens.get(r.password_digest ?? '')).map((r) => r.email);
}

/** A few short lines; the role accounts in three columns. */
export function formatBanner(url: string, demo: DemoSignIn | null, allowedRoles: string[]): string {
  const lines = [`Steward is running at ${url}`];
  if (!demo) return lines.join('\n');
  lines.push('', demo.password
    ? `Demo sign-in (password ${demo.password}):`
    : 'Demo sign-in (the password was changed since seeding; it is not STEWARD_DEMO_PASSWORD):');
  const plain = demo.accounts.filter((a) => !a.otp).map((a) => a.email);
  const width = Math.max(...plain.map((e) => e.length)) + 2;
  for (let i = 0; i < plain.length; i += 3) {
    lines.push('  ' + plain.slice(i, i + 3).map((e) => e.padEnd(width)).join('').trimEnd());
  }
  const outside = demo.accounts.filter((a) => !allowedRoles.includes(a.role)).map((a) => a.role);
  if (outside.length > 0) lines.push(`  (${outside.join(', ')}: not on ALLOWED_ROLES, so sign-in sends them away)`);
  if (demo.totp) {
    lines.push(`  2FA: ${demo.totp.email} (admin), TOTP secret ${demo.totp.secret}`, `       ${demo.totp.uri}`);
  }
  return lines.join('\n');
}
