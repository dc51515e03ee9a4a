/** Shared set-up of the logs test files: signed-in staff, GET calls, and bulk rows straight into the database. */
import type { TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';
import { signIn, type SignedIn } from '../helpers/auth.js';

export const B = '/api/v2/barong/admin';
let ipSeq = 0;

export async function staff(t: TestApp, role: string) {
  const user = await createUser(t.db, { role });
  // A distinct client address per sign-in keeps the per-IP brute-force counter out of the way.
  const session = await signIn(t.app, { email: user.email, password: TEST_PASSWORD, ip: `10.77.${process.pid % 250}.${++ipSeq}` });
  return { user, session };
}

export const get = (t: TestApp, who: SignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers() });

/** Epoch seconds of an ISO time, as Barong's from/to take them. */
export const epoch = (isoTime: string) => String(Math.floor(Date.parse(isoTime) / 1000));

/** Minute `i` after 2026-01-01T00:00Z, as a Date. */
export const minute = (i: number) => new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000);

/** The codes of a response, after checking it is a 4xx (never a 5xx). */
export function codes(res: { statusCode: number; json(): any }): string[] {
  if (res.statusCode >= 500) throw new Error(`server error ${res.statusCode}`);
  return res.json().errors;
}
