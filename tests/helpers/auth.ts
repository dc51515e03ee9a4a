/**
 * Signs a user in through the public sign-in call and hands back what a browser would keep: the
 * session cookie, the CSRF token, the user body, and ready-made headers for later inject() calls.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../src/server/db/index.js';
import { createUser, TEST_PASSWORD, type NewUser } from './users.js';

export const TEST_USER_AGENT = 'steward-tests/1.0';
export const SESSION_COOKIE = '_barong_session';

export interface SignedIn {
  /** `_barong_session=<id>`, ready for a Cookie header. */
  cookie: string;
  csrf: string;
  user: any;
  /** cookie + user-agent + x-csrf-token (the session is bound to the user agent it signed in with). */
  headers(extra?: Record<string, string>): Record<string, string>;
}

export async function signIn(
  app: FastifyInstance,
  opts: {
    email: string; password: string; otp?: string; userAgent?: string; captcha?: string;
    /** Client address; vary it to keep tests clear of the per-IP brute-force counter. */
    ip?: string;
  },
): Promise<SignedIn> {
  const userAgent = opts.userAgent ?? TEST_USER_AGENT;
  const res = await app.inject({
    method: 'POST',
    url: '/api/v2/barong/identity/sessions/new',
    headers: { 'user-agent': userAgent },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    payload: {
      identity: opts.email,
      password: opts.password,
      ...(opts.otp !== undefined ? { otp_code: opts.otp } : {}),
      ...(opts.captcha !== undefined ? { captcha_response: opts.captcha } : {}),
    },
  });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  const set = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!set) throw new Error(`signIn: no ${SESSION_COOKIE} cookie in the response`);
  const cookie = `${SESSION_COOKIE}=${set.value}`;
  const user = res.json();
  const csrf: string = user.csrf_token;
  return {
    cookie,
    csrf,
    user,
    headers: (extra = {}) => ({ cookie, 'user-agent': userAgent, 'x-csrf-token': csrf, ...extra }),
  };
}

let ipSeq = 0;
/**
 * A fresh client address for each sign-in, so tests that sign many people in never share the per-IP
 * brute-force counter (10 failures per address in 15 minutes).
 */
export function nextTestIp(): string {
  ipSeq += 1;
  return `10.${process.pid % 250}.${Math.floor(ipSeq / 250) % 250}.${(ipSeq % 250) + 1}`;
}

/**
 * A new user with this role (created straight in the database), signed in through the real sign-in
 * call. The test template database already carries the default permission rows for every role.
 */
export async function signInAs(
  t: { app: FastifyInstance; db: Database },
  role: string,
  extra: NewUser = {},
) {
  const user = await createUser(t.db, { role, ...extra });
  const session = await signIn(t.app, { email: user.email, password: TEST_PASSWORD, ip: nextTestIp() });
  return { user, session };
}
