/**
 * Local drafts of half-filled forms (issue 17 item 6), in localStorage under `steward.draft:<staff uid>:<form>`,
 * so a reload, a crash or an idle sign-out loses nothing. A draft holds only the fields changed from the form's
 * start, never a secret (isSecretField). Signing out by one's own action clears that staff member's drafts;
 * an idle sign-out keeps them for when they sign in again.
 */

const PREFIX = 'steward.draft:';

export type DraftValue = string | boolean;
export interface Draft { savedAt: number; values: Record<string, DraftValue> }

/** Staff members who signed out by their own action in this page: a form closing after that saves nothing. */
const closed = new Set<string>();

const keyOf = (uid: string, form: string) => `${PREFIX}${uid}:${form}`;

/**
 * Field names that hold secrets: passwords, one-time and 2FA codes, secrets, PINs, seeds, API and private
 * keys, credentials and tokens (`auth_token`, `token`). Compared word by word (snake, kebab or camel case).
 */
const SECRET_WORDS = /(^|_)(password|passwd|passphrase|pass|pwd|otp|totp|2fa|mfa|secret|pin|cvv|cvc|mnemonic|seed|credentials?|(api|private|access|secret|signing)_?key)(_|$)|(^|_)token$/;

/** Whether a field must never be written to a draft: by its name, or by its type (a password input, a write-only field). */
export function isSecretField(name: string, type: { inputType?: string; writeOnly?: boolean } = {}): boolean {
  if (type.inputType === 'password' || type.writeOnly) return true;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return SECRET_WORDS.test(words);
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function loadDraft(uid: string, form: string): Draft | null {
  const raw = storage()?.getItem(keyOf(uid, form));
  if (!raw) return null;
  try {
    const d = JSON.parse(raw) as Partial<Draft>;
    if (typeof d.savedAt !== 'number' || !d.values || typeof d.values !== 'object') return null;
    const values = Object.fromEntries(Object.entries(d.values)
      .filter(([k, v]) => (typeof v === 'string' || typeof v === 'boolean') && !isSecretField(k)));
    return { savedAt: d.savedAt, values };
  } catch {
    return null;
  }
}

/** Keeps `values` (secrets dropped) as the form's draft; an empty set removes it. */
export function saveDraft(uid: string, form: string, values: Record<string, DraftValue>, secret: (name: string) => boolean = () => false): void {
  if (closed.has(uid)) return;
  const kept = Object.fromEntries(Object.entries(values).filter(([k]) => !secret(k) && !isSecretField(k)));
  const s = storage();
  try {
    if (Object.keys(kept).length === 0) s?.removeItem(keyOf(uid, form));
    else s?.setItem(keyOf(uid, form), JSON.stringify({ savedAt: Date.now(), values: kept } satisfies Draft));
  } catch {
    // Storage full or disabled: the form still works, without a draft.
  }
}

export function discardDraft(uid: string, form: string): void {
  storage()?.removeItem(keyOf(uid, form));
}

/** Sign-out by the staff member's own action: every draft of theirs goes, and none is written until they sign in again. */
export function clearDrafts(uid: string): void {
  closed.add(uid);
  const s = storage();
  if (!s) return;
  const mine = `${PREFIX}${uid}:`;
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) { const k = s.key(i); if (k?.startsWith(mine)) keys.push(k); }
  keys.forEach((k) => s.removeItem(k));
}

/** A sign-in: that staff member's forms keep drafts again. */
export function reopenDrafts(uid: string): void {
  closed.delete(uid);
}
