/** Shared set-up of the logs test files: signed-in staff, GET calls, and bulk rows straight into the database. */
import type { TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';

export const B = '/api/v2/barong/admin';
export const staff = (t: TestApp, role: string) => signInAs(t, role);

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
