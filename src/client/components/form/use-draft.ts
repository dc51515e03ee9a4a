/**
 * A form's values kept as a local draft while they are typed (state/drafts.ts): saved a moment after the
 * last change, at once when the form closes or the page goes away (reload, sign-out by idle timeout), and
 * restored the next time the same staff member opens the same form. `form` names the form
 * ('adjustments/new', 'user:ID…:label'); null keeps no draft.
 */
import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { session } from '../../state/session';
import { discardDraft, loadDraft, saveDraft, type DraftValue } from '../../state/drafts';

/** How long typing rests before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 400;

type Values = Record<string, DraftValue>;

export interface DraftControl<V extends Values> {
  values: V;
  setValues: Dispatch<SetStateAction<V>>;
  /** When the restored draft was saved; null when the form started from its own values. */
  restoredAt: number | null;
  /** Back to the form's own values; the draft is gone. */
  discard(): void;
  /** The form was sent: the draft is gone, and those values are not saved again. */
  done(): void;
}

const changed = (values: Values, initial: Values) =>
  Object.fromEntries(Object.entries(values).filter(([k, v]) => k in initial && v !== initial[k]));

export function useDraft<V extends Values>(form: string | null, initial: V, secret: (name: string) => boolean = () => false): DraftControl<V> {
  // The staff member and the form's start are fixed at mount: the draft is saved under them even after an
  // idle sign-out has already cleared the session when the form closes.
  const [start] = useState(() => {
    const uid = session.user?.uid;
    const id = form && uid ? { uid, form } : null;
    const draft = id ? loadDraft(id.uid, id.form) : null;
    const kept = draft ? Object.fromEntries(Object.entries(draft.values)
      .filter(([k, v]) => k in initial && typeof v === typeof initial[k] && !secret(k))) : {};
    const restored = Object.keys(changed(kept, initial)).length > 0;
    return { id, initial, values: restored ? { ...initial, ...kept } as V : initial, at: restored ? draft!.savedAt : null };
  });
  const [values, setValues] = useState<V>(start.values);
  const [restoredAt, setRestoredAt] = useState<number | null>(start.at);
  const pending = useRef<V | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The values sent: not saved again; a change after them (a form that stays open) starts a new draft. */
  const finished = useRef(false);
  const sent = useRef<V | null>(null);
  const secretRef = useRef(secret);
  secretRef.current = secret;

  const write = useRef(() => {
    clearTimeout(timer.current);
    const v = pending.current;
    pending.current = null;
    if (!v || !start.id || finished.current) return;
    saveDraft(start.id.uid, start.id.form, changed(v, start.initial), secretRef.current);
  }).current;

  useEffect(() => {
    if (!start.id) return;
    if (finished.current) {
      if (values === sent.current) return;
      finished.current = false;
    }
    pending.current = values;
    clearTimeout(timer.current);
    timer.current = setTimeout(write, DRAFT_DEBOUNCE_MS);
  }, [values, start.id, write]);

  useEffect(() => {
    window.addEventListener('pagehide', write);
    return () => { window.removeEventListener('pagehide', write); write(); };
  }, [write]);

  return {
    values,
    setValues,
    restoredAt,
    discard: () => {
      clearTimeout(timer.current);
      pending.current = null;
      if (start.id) discardDraft(start.id.uid, start.id.form);
      setRestoredAt(null);
      setValues(start.initial);
    },
    done: () => {
      finished.current = true;
      sent.current = values;
      clearTimeout(timer.current);
      pending.current = null;
      if (start.id) discardDraft(start.id.uid, start.id.form);
      setRestoredAt(null);
    },
  };
}
