/**
 * The signed-in staff member, their abilities and the session status. Everything that signs in,
 * restores or ends a session goes through the actions here.
 */
import { proxy, ref } from 'valtio';
import { buildAbility, type AppAbility } from '../../shared/abilities';
import {
  ApiError, confirmEmail, dropPreloads, fetchAbilities, fetchCurrentUser, setSignInRequiredHandler, signIn, signOut,
  clearCsrfToken, type CurrentUser, type SignInRequest,
} from '../api';
import { closeRealtime } from '../api/realtime';
import { browser } from '../browser';
import { getConfig } from '../config';
import { notify, notifySuccess } from './toasts';
import { forgetRowFocus } from '../resource-ui/use-row-focus';
import { clearDrafts, reopenDrafts } from './drafts';
import { forgetViews } from './saved-views';

/** loading: restoring a session at start-up; anonymous: show sign-in; authenticated: user and abilities known. */
export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

interface SessionState {
  status: SessionStatus;
  user: CurrentUser | null;
  /** A CASL ability object; kept out of valtio's proxying because CASL mutates its own internals. */
  ability: AppAbility;
}

const noAbility = () => ref(buildAbility({}, {}));

export const session = proxy<SessionState>({ status: 'loading', user: null, ability: noAbility() });

/** Where the console sends a user after sign-in or restore; 'external' means the browser already left. */
export type Landing = '/dashboard' | '/email-verification' | 'external';

/**
 * Also forgets the first load's preloaded answers (first-load.ts) and the lists' row places, and closes the
 * realtime connection, which the server authenticated with this session's cookie: none may serve another session.
 */
export function clearSession(): void {
  closeRealtime();
  dropPreloads();
  forgetRowFocus();
  forgetViews();
  session.user = null;
  session.ability = noAbility();
  session.status = 'anonymous';
  clearCsrfToken();
}

function roleAllowed(role: string): boolean {
  return getConfig().allowedRoles.includes(role);
}

/** Makes `user` the session; abilities are loaded first so no route guard ever sees an empty set. */
async function establish(user: CurrentUser): Promise<Landing> {
  if (!roleAllowed(user.role)) {
    clearSession();
    browser.assign(getConfig().externalRedirectUrl);
    return 'external';
  }
  if (user.level > 0) {
    const { barong, peatio } = await fetchAbilities();
    session.ability = ref(buildAbility(barong, peatio));
  } else {
    // Email verification is all a level 0 account sees: nothing preloaded for another page is wanted.
    dropPreloads();
    session.ability = noAbility();
  }
  reopenDrafts(user.uid);
  session.user = user;
  session.status = 'authenticated';
  return user.level > 0 ? '/dashboard' : '/email-verification';
}

let restoring: Promise<void> | null = null;

/**
 * Restores a session at start-up; any failure to load the user clears the state (spec §8).
 * Concurrent calls (React StrictMode runs effects twice) share one request.
 */
export function restoreSession(): Promise<void> {
  restoring ??= (async () => {
    session.status = 'loading';
    try {
      await establish(await fetchCurrentUser());
    } catch {
      clearSession();
    } finally {
      restoring = null;
    }
  })();
  return restoring;
}

/** Signs in; rejects with the ApiError so the form can show codes, fields and the 2FA step. */
export async function signInWith(body: SignInRequest): Promise<Landing> {
  const user = await signIn(body);
  notifySuccess('Logged In Successfully');
  return establish(user);
}

/**
 * The e-mail link's landing (/email-verification?token=…): the token confirms the address once and opens
 * a session, which then goes where a sign-in would (a customer to the external location).
 */
export async function confirmEmailWith(token: string): Promise<Landing> {
  return establish(await confirmEmail(token));
}

/**
 * The Logout menu item. A session the server no longer knows counts as ended. Signing out by one's own
 * action also drops one's form drafts (an idle sign-out keeps them: expireSession).
 */
export async function logout(): Promise<boolean> {
  const uid = session.user?.uid;
  try {
    await signOut();
  } catch (err) {
    const gone = err instanceof ApiError && (err.code === 401 || err.code === 404);
    if (!gone) {
      notify('error', 'Oups! Error occurs, please try again later.');
      return false;
    }
  }
  if (uid) clearDrafts(uid);
  clearSession();
  notifySuccess('Logged Out Successfully');
  browser.navigate('/login', true);
  return true;
}

/** Idle timeout (spec §8): end the session quietly on the server and tell the user why. */
export async function expireSession(): Promise<void> {
  try {
    await signOut();
  } catch {
    // The session may already be gone server-side; the user is signed out locally either way.
  }
  clearSession();
  notify('error', 'Session expired, Please login again.');
  browser.navigate('/login', true);
}

// The transport reports the four authz codes here (spec §8 Session and transport).
setSignInRequiredHandler(() => {
  if (session.status === 'anonymous') return;
  clearSession();
  if (!openToAnyone()) browser.navigate('/login', true);
});

/**
 * Pages a link opens for anyone, signed in or not (a whitelink, an e-mail confirmation): an anonymous
 * visitor's first call answers authz.invalid_session, which must not take them away from the link.
 */
function openToAnyone(): boolean {
  const { pathname, search } = window.location;
  return pathname === '/whitelist' || (pathname === '/email-verification' && new URLSearchParams(search).has('token'));
}
