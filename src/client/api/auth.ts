/** Session calls against the auth service (spec §7 Auth service calls). */
import { request } from './http';
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

export function fetchCurrentUser(): Promise<CurrentUser> {
  return request<CurrentUser>('auth', 'GET', '/resource/users/me');
}

/** Ends the server session and forgets the CSRF token (spec §7). A failed call keeps it: still signed in. */
export async function signOut(): Promise<void> {
  await request('auth', 'DELETE', '/identity/sessions');
  clearCsrfToken();
}

/**
 * Both ability sets. A service that fails (a stock deployment without the exchange admin API, a
 * role with no admin rights) contributes nothing rather than blocking the whole console.
 */
export async function fetchAbilities(): Promise<{ barong: AbilitySet; peatio: AbilitySet }> {
  const [barong, peatio] = await Promise.allSettled([
    request<AbilitySet>('auth', 'GET', '/admin/abilities'),
    request<AbilitySet>('exchange', 'GET', '/admin/abilities'),
  ]);
  const pick = (r: PromiseSettledResult<AbilitySet>) => (r.status === 'fulfilled' && r.value && typeof r.value === 'object' ? r.value : {});
  return { barong: pick(barong), peatio: pick(peatio) };
}
