/**
 * The user open on /user-directory/{uid}: its detail as the server last sent it, and the actions that
 * change it. Every action calls the service, shows the spec's success toast and reloads the user, so
 * the screen never shows an optimistic value the server refused (the state log, level and labels all
 * move together on the server side).
 */
import { proxy, ref } from 'valtio';
import * as api from '../api/users';
import type { LabelBody, LabelScope, LockRequest, ProfileDecisionValue, UserDetail } from '../api/users';
import { notify, notifyFailure, notifySuccess } from './toasts';

export type DetailStatus = 'idle' | 'loading' | 'ready' | 'missing';

/**
 * A palette command's request that the screen asks for confirmation (before → after) in its own
 * dialog, so the palette and the screen share one confirmation for risky changes.
 */
export type UserIntent =
  | { kind: 'state'; state: string; remark: string }
  | { kind: 'role'; role: string }
  | { kind: 'lock' }
  | null;

interface UserDetailState {
  uid: string | null;
  user: UserDetail | null;
  status: DetailStatus;
  /** Fee groups of the exchange service; empty until loaded (or when the role may not read them). */
  groups: string[];
  /** Bumped after every successful write, so the tabs' lists reload too. */
  revision: number;
  intent: UserIntent;
}

export const userDetail = proxy<UserDetailState>({ uid: null, user: null, status: 'idle', groups: [], revision: 0, intent: null });

let seq = 0;

/** Loads (or reloads) a user; a failure shows 'No data exists.' (spec §2, §8). */
export async function openUser(uid: string, quiet = false): Promise<void> {
  const mine = ++seq;
  if (userDetail.uid !== uid) {
    userDetail.uid = uid;
    userDetail.user = null;
  }
  if (!quiet || !userDetail.user) userDetail.status = 'loading';
  try {
    const user = await api.fetchUser(uid);
    if (mine !== seq) return;
    // ref(): the detail is replaced whole on every load, never mutated in place, so no deep proxy is needed.
    userDetail.user = ref(user) as UserDetail;
    userDetail.status = 'ready';
  } catch {
    if (mine !== seq) return;
    userDetail.user = null;
    userDetail.status = 'missing';
    notify('error', 'No data exists.');
  }
}

/**
 * Shows a detail a write answered with (the comment writes, state/user-comments.ts) instead of reading it
 * again; false when another user is open by now. It supersedes a reload still under way.
 */
export function showUser(user: UserDetail): boolean {
  if (userDetail.uid !== user.uid) return false;
  seq++;
  userDetail.user = ref(user) as UserDetail;
  userDetail.status = 'ready';
  userDetail.revision++;
  return true;
}

/** Leaving the page: a later visit to another user never flashes this one. */
export function closeUser(): void {
  seq++;
  userDetail.uid = null;
  userDetail.user = null;
  userDetail.status = 'idle';
}

export function requestIntent(intent: UserIntent): void {
  userDetail.intent = intent;
}

/** The screen took the intent over (opened its dialog). */
export function clearIntent(): void {
  userDetail.intent = null;
}

/**
 * The user a uid, e-mail or phone number names, or how many the directory's prefix filter matched
 * when not exactly one (an exact match among several wins). Null for a term that is none of the three.
 * Request failures are thrown.
 */
async function matchUser(term: string): Promise<{ uid: string } | { matches: number } | null> {
  const q = term.trim();
  if (/^ID[0-9A-F]{10}$/i.test(q)) return { uid: q.toUpperCase() };
  const byEmail = q.includes('@');
  const value = byEmail ? q.toLowerCase() : q.replace(/[^\d]/g, '');
  if (!value) return null;
  const { rows } = await api.findUsers(byEmail ? { email: value } : { phone_number: value });
  const exact = rows.filter((r) => (byEmail ? r.email.toLowerCase() === value : r.phone_number === value));
  const pick = exact.length === 1 ? exact[0] : rows.length === 1 ? rows[0] : null;
  return pick ? { uid: pick.uid } : { matches: rows.length };
}

/** A uid, e-mail or phone number → the user's uid; null with a toast saying why when there is not one. */
export async function lookupUser(term: string): Promise<string | null> {
  try {
    const m = await matchUser(term);
    if (m && 'uid' in m) return m.uid;
    notify('error', m === null ? 'Type a uid, an e-mail or a phone number.'
      : m.matches === 0 ? 'No data exists.' : `${m.matches} users match “${term.trim()}”; type more of it.`);
  } catch (err) {
    notifyFailure(err);
  }
  return null;
}

/**
 * Where the palette's "Open user by e-mail / phone" lands: the user the term names, else `fallback`
 * (the directory filtered by it, which shows the candidates, or none, or the failure).
 */
export async function userPathFor(term: string, fallback: string): Promise<string> {
  try {
    const m = await matchUser(term);
    return m && 'uid' in m ? `/user-directory/${m.uid}` : fallback;
  } catch {
    return fallback;
  }
}

export async function loadGroups(): Promise<void> {
  try {
    userDetail.groups = await api.fetchGroups();
  } catch {
    // Roles without Member read see the current group only; nothing to tell them.
    userDetail.groups = [];
  }
}

/** Runs one write against the open user; true when it succeeded. `success` may read the answer. */
async function write<T>(call: (uid: string) => Promise<T>, success: string | ((answer: T) => string)): Promise<boolean> {
  const uid = userDetail.uid;
  if (!uid) return false;
  let answer: T;
  try {
    answer = await call(uid);
  } catch (err) {
    notifyFailure(err);
    return false;
  }
  notifySuccess(typeof success === 'string' ? success : success(answer));
  userDetail.revision++;
  await openUser(uid, true);
  return true;
}

export const setUserState = (state: string, remark: string) =>
  write((uid) => api.changeState(uid, state, remark), 'Updated Successfully');

export const turnOffOtp = () => write((uid) => api.disableOtp(uid), 'Updated Successfully');

/** Signs the user out on every device (their next request asks them to sign in). */
export const endAllSessions = () => write((uid) => api.endSessions(uid),
  ({ ended }) => (ended === 0 ? 'The user had no open sessions' : `Ended ${ended} session${ended === 1 ? '' : 's'}`));

export const setRole = (role: string) => write((uid) => api.changeRole(uid, role), 'Role updated');

export const setEmail = (email: string) => write((uid) => api.changeEmail(uid, email), 'Email updated successfully');

export const setPhone = (phone: string) => write((uid) => api.changePhone(uid, phone), 'Phone Number updated successfully');

export const setReferrer = (referrer: string) =>
  write((uid) => api.changeReferrer(uid, referrer), referrer ? 'Referrer updated' : 'Referrer removed');

export const setGroup = (group: string) => write((uid) => api.changeGroup(uid, group), 'Updated Successfully');

export const setMinSwap = (amount: string) => write((uid) => api.changeMinSwap(uid, amount), 'Updated Successfully');

export const createLabel = (label: LabelBody) => write((uid) => api.addLabel(uid, label), 'Updated Successfully');

export const editLabel = (label: LabelBody) => write((uid) => api.updateLabel(uid, label), 'Updated Successfully');
export const removeLabel = (key: string, scope: LabelScope) =>
  write((uid) => api.deleteLabel(uid, key, scope), 'Updated Successfully');

export const decideProfile = (decision: ProfileDecisionValue) =>
  write((uid) => api.decideProfile(uid, decision),
    decision === 'verified' ? 'Profile verified successfully' : 'Profile Rejected successfully');

/** A profile entered by staff for the user (a document received by mail, a call); it awaits review as any other. */
export const createProfile = (p: api.NewProfile) => write((uid) => api.createProfile(uid, p), 'Profile created successfully');

/** Lock or unlock funds (superadmin on an investor); the accounts table shows the server's new balances. */
export type LockBody = LockRequest extends infer R ? (R extends LockRequest ? Omit<R, 'uid'> : never) : never;

export const moveFunds = (body: LockBody) =>
  write((uid) => api.lockFunds({ ...body, uid } as LockRequest), 'Updated Successfully');
