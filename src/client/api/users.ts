/**
 * The users area's calls (spec §7): the user detail, its edits, labels, comments, profiles, and the
 * exchange service's member calls (fee group, minimum swap amount, lock/unlock funds). Paths are
 * the OpenWare ones; bodies are built from the same shapes the server validates (shared/users.ts).
 */
import { preloadGet, request, requestList, serviceUrl, type Query } from './http';
import type { WireUser } from '../../shared/users';
import type { WireDocument } from '../../shared/documents';

export type LabelScope = 'public' | 'private';

/** One label as the user detail lists it (every scope, with description). */
export interface UserLabel {
  key: string;
  value: string;
  scope: LabelScope;
  description: string | null;
  created_at: string | null;
}

export interface StateLog {
  past_state: string | null;
  state: string;
  remark: string | null;
  change_by_user_email: string | null;
  change_by_user_uid?: string | null;
  created_at: string;
}

export interface UserComment {
  id: number;
  title: string;
  data: string;
  author_uid?: string | null;
  created_at: string;
  updated_at?: string;
}

export interface UserProfile {
  first_name: string | null;
  last_name: string | null;
  dob: string | null;
  address: string | null;
  city: string | null;
  postcode: string | null;
  country: string | null;
  state: string | null;
  created_at: string | null;
  /** When it last changed state: submitted, verified or rejected. */
  updated_at?: string | null;
}

/**
 * Decimal strings, never floats (DESIGN §1 Storage). `precision`: the currency's decimal places, which
 * lock/unlock amounts keep to (sent by this server; absent from stock Peatio).
 */
export interface UserAccount { currency: string; balance: string; locked: string; precision?: number }

/** GET /admin/users/{uid}: what the detail screen reads. */
export interface UserDetail extends WireUser {
  phone_number: string | null;
  group: string | null;
  minimum_swap_amount: string;
  full_name: string | null;
  country: string | null;
  profile_url: { small?: { url?: string }; large?: { url?: string } } | null;
  labels: UserLabel[];
  /** The latest profiles, newest first (this server sends at most 10, with `profiles_total`). */
  profiles: UserProfile[];
  profiles_total?: number;
  /**
   * The newest comments, newest first, and how many the user has: this server sends one page of them and
   * the rest come from fetchComments. Stock Barong sends every comment and no total.
   */
  comments: UserComment[];
  comments_total?: number;
  user_state_logs: StateLog[];
  accounts: UserAccount[];
  /** KYC documents, oldest first (stock Barong and this server); the file is read from the staff route by id. */
  documents?: WireDocument[];
  created_at: string | null;
}

export type ProfileDecisionValue = 'verified' | 'rejected';

/** Lock/unlock by an amount of one currency, or by a percentage of every account (P-A48). */
export type LockRequest =
  | { uid: string; type: 'lock' | 'unlock'; amount: string; currency: string }
  | { uid: string; type: 'lock' | 'unlock'; percentage: string };

const enc = encodeURIComponent;

/** Where the console reads a document's file (the staff route: read Document, each read audited). */
export const documentFileUrl = (id: number) => serviceUrl('auth', `/admin/documents/${id}`);

/** The directory (A4), narrowed by a filter: the palette's "open user by e-mail / phone". */
export const findUsers = (query: Query) =>
  requestList<Pick<UserDetail, 'uid' | 'email' | 'phone_number'>>('auth', '/admin/users', { limit: 10, page: 1, ...query });

/** A user found by the start of a name, an e-mail or a username, with the name of their newest profile. */
export interface FoundUser { uid: string; email: string; username: string | null; role: string; state: string; first_name: string | null; last_name: string | null }

/** GET /admin/users/search (our addition, issue 29 item 5): at most 8 users, best matches first. */
export const searchUsers = (q: string) => request<FoundUser[]>('auth', 'GET', '/admin/users/search', { query: { q } });

const userPath = (uid: string) => `/admin/users/${enc(uid)}`;

/** GET /admin/users/{uid}: UserWithKYC plus the fork's fields. */
export const fetchUser = (uid: string) => request<UserDetail>('auth', 'GET', userPath(uid));

/** An accredited-investor verification of the user (spec §3). */
export interface AccreditedVerification { verification_id: string; status: string; created_at: string }

/** GET /admin/users/{uid}/verifications (P-A18): the user's accredited verifications, newest first. */
export const fetchVerifications = (uid: string) => request<AccreditedVerification[]>('auth', 'GET', `${userPath(uid)}/verifications`);

/** Sends fetchUser's call ahead of the detail screen (first-screen.ts); the screen's fetchUser takes it. */
export const preloadUser = (uid: string) => preloadGet('auth', userPath(uid));

/** State change with the remark the dialog asked for (A7). */
export const changeState = (uid: string, state: string, remark: string) =>
  request('auth', 'POST', '/admin/users/update', { body: { uid, state, remark } });

/** Admins may only switch 2FA off (A44). */
export const disableOtp = (uid: string) => request('auth', 'POST', '/admin/users/update', { body: { uid, otp: false } });

/** DELETE /admin/users/{uid}/sessions (our addition): signs the user out everywhere; how many sessions ended. */
export const endSessions = (uid: string) => request<{ ended: number }>('auth', 'DELETE', `${userPath(uid)}/sessions`);

export const changeRole = (uid: string, role: string) => request('auth', 'POST', '/admin/users/role', { body: { uid, role } });

export const changeEmail = (uid: string, email: string) => request('auth', 'PUT', '/admin/users', { body: { uid, email } });

/** `phone` is already the dial-code digits followed by the number (spec §5 Phone change). */
export const changePhone = (uid: string, phone: string) =>
  request('auth', 'PUT', '/admin/users', { body: { uid, phone_number: phone } });

/** A referrer's uid, or '' to remove it (PUT /admin/users with referral_uid). */
export const changeReferrer = (uid: string, referrer: string) =>
  request('auth', 'PUT', '/admin/users', { body: { uid, referral_uid: referrer } });

export interface LabelBody { key: string; value: string; scope: LabelScope; description?: string }

export const addLabel = (uid: string, label: LabelBody) =>
  request('auth', 'POST', '/admin/users/labels', { body: { uid, ...label } });

/** A label's value and description, in place (key and scope name it). */
export const updateLabel = (uid: string, label: LabelBody) =>
  request('auth', 'PUT', '/admin/users/labels', { body: { uid, ...label } });

export const deleteLabel = (uid: string, key: string, scope: LabelScope) =>
  request('auth', 'DELETE', '/admin/users/labels', { query: { uid, key, scope } });

/** Comments after `beforeId` (the oldest one shown), newest first; `total` from the Total header. */
export const fetchComments = (uid: string, beforeId: number, limit: number) =>
  requestList<UserComment>('auth', `${userPath(uid)}/comments`, { before_id: beforeId, limit });

/** The comment writes answer the user's detail with the newest page of comments (not every comment). */
export const addComment = (uid: string, title: string, data: string) =>
  request<UserDetail>('auth', 'POST', '/admin/users/comments', { body: { uid, title, data } });

export const editComment = (id: number, title: string, data: string) =>
  request<UserDetail>('auth', 'PUT', '/admin/users/comments', { body: { id, title, data } });

export const deleteComment = (id: number) => request<UserDetail>('auth', 'DELETE', '/admin/users/comments', { query: { id } });

export const decideProfile = (uid: string, state: ProfileDecisionValue) =>
  request('auth', 'PUT', '/admin/profiles', { body: { uid, state } });

/** The profile fields staff may enter for a user (Barong's POST /admin/profiles; the profile starts submitted). */
export interface NewProfile { first_name?: string; last_name?: string; dob?: string; address?: string; postcode?: string; city?: string; country?: string }

export const createProfile = (uid: string, p: NewProfile) => request('auth', 'POST', '/admin/profiles', { body: { uid, ...p } });

/** Fee groups known to the exchange service ('any' first). */
export const fetchGroups = () => request<string[]>('exchange', 'GET', '/admin/members/groups');

export const changeGroup = (uid: string, group: string) =>
  request('exchange', 'PUT', `/admin/members/${enc(uid)}`, { body: { group } });

/** The console always sends group 'any' (spec §7 "update minimum swap amount"). */
export const changeMinSwap = (uid: string, amount: string) =>
  request('exchange', 'POST', '/admin/members/min_swap_amount', { body: { uid, min_swap_amount: amount, group: 'any' } });

export interface MemberAnswer { accounts: UserAccount[] }

export const lockFunds = (body: LockRequest) =>
  request<MemberAnswer>('exchange', 'POST', '/admin/members/lock_funds', { body: { ...body } });
