/**
 * The open user's accredited-investor verifications (GET /admin/users/{uid}/verifications, spec §3 and
 * §7), read beside the detail when the page opens, for a viewer who may read User (the server asks the
 * same). A failure stays in the panel, with its message and a retry: the rest of the detail is fine.
 */
import { proxy, ref } from 'valtio';
import { errorText } from '../i18n/error-text';
import * as api from '../api/users';
import type { AccreditedVerification } from '../api/users';

interface VerificationsState {
  uid: string | null;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** Newest first, as the server sends them. */
  rows: readonly AccreditedVerification[];
  error: string | null;
}

export const userVerifications = proxy<VerificationsState>({ uid: null, status: 'idle', rows: [], error: null });

let seq = 0;

export async function loadVerifications(uid: string): Promise<void> {
  const mine = ++seq;
  // Another user's rows never show under this one while it loads.
  if (userVerifications.uid !== uid) userVerifications.rows = [];
  Object.assign(userVerifications, { uid, status: 'loading', error: null });
  try {
    const rows = await api.fetchVerifications(uid);
    if (mine !== seq) return;
    // ref(): replaced whole on every load, never mutated in place.
    Object.assign(userVerifications, { status: 'ready', rows: ref(rows) });
  } catch (err) {
    if (mine !== seq) return;
    Object.assign(userVerifications, { status: 'failed', error: errorText(err) });
  }
}

/** Leaving the page: a later visit to another user never shows these. */
export function forgetVerifications(): void {
  seq++;
  Object.assign(userVerifications, { uid: null, status: 'idle', rows: [], error: null });
}
