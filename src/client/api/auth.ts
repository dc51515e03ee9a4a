/** Session calls against the auth service (spec §7 Auth service calls). */
import { preloadGet, request } from './http';
import { clearCsrfToken, setCsrfToken } from './csrf';
import type { WireUser } from '../../shared/users';

export interface UserProfile {
  first_name?: string | null;
  last_name?: string | null;
  [key: string]: unknown;
}

/** The signed-in staff member as Barong describes them (UserWithFullInfo). */
export interface CurrentUser extends WireUser {
  profiles?: UserProfile[];
  /** Avatar, when the deployment stores one in the user's data. */
  avatar_url?: string | null;
  csrf_token?: string;
  [key: string]: unknown;
}

export interface SignInRequest {
  identity: string;
  password: string;
  captcha_response?: string;
  otp_code?: string;
}

/** `{manage|update|read: [Subject | {Subject: [attrs]}]}` as both services answer GET /admin/abilities. */
export type AbilitySet = Record<string, Array<string | Record<string, string[]>>>;

export async function signIn(body: SignInRequest): Promise<CurrentUser> {
  const user = await request<CurrentUser>('auth', 'POST', '/identity/sessions/new', { body: { ...body } });
  setCsrfToken(user.csrf_token);
  return user;
}

const ME = '/resource/users/me';
const ABILITIES = '/admin/abilities';

export function fetchCurrentUser(): Promise<CurrentUser> {
  return request<CurrentUser>('auth', 'GET', ME);
}

/**
 * The session restore's calls, sent before the app has rendered (first-load.ts) and picked up by
 * fetchCurrentUser / fetchAbilities: the user always, the abilities too when the visitor is probably
 * signed in, so they no longer wait for the user to arrive.
 */
export function preloadSession(withAbilities: boolean): void {
  preloadGet('auth', ME);
  if (!withAbilities) return;
  preloadGet('auth', ABILITIES);
  preloadGet('exchange', ABILITIES);
}

/** Ends the server session and forgets the CSRF token (spec §7). A failed call keeps it: still signed in. */
export async function signOut(): Promise<void> {
  await request('auth', 'DELETE', '/identity/sessions');
  clearCsrfToken();
}

/** Redeems a whitelink token: the address this page was opened from is whitelisted (restrictions). */
/** Confirms an e-mail with the link's token (Barong's confirm_code): the confirmed user, signed in. */
export async function confirmEmail(token: string): Promise<CurrentUser> {
  const user = await request<CurrentUser>('auth', 'POST', '/identity/users/email/confirm_code', { body: { token } });
  setCsrfToken(user.csrf_token);
  return user;
}

export function redeemWhitelink(token: string): Promise<{ whitelisted: string }> {
  return request('auth', 'POST', '/identity/users/access', { body: { whitelink_token: token } });
}

/**
 * Both ability sets. A service that fails (a stock deployment without the exchange admin API, a
 * role with no admin rights) contributes nothing rather than blocking the whole console.
 */
export async function fetchAbilities(): Promise<{ barong: AbilitySet; peatio: AbilitySet }> {
  const [barong, peatio] = await Promise.allSettled([
    request<AbilitySet>('auth', 'GET', ABILITIES),
    request<AbilitySet>('exchange', 'GET', ABILITIES),
  ]);
  const pick = (r: PromiseSettledResult<AbilitySet>) => (r.status === 'fulfilled' && r.value && typeof r.value === 'object' ? r.value : {});
  return { barong: pick(barong), peatio: pick(peatio) };
}
