/**
 * Keyboard review of an approval queue (issue 17 item 3; ListDecl.review): `a` accepts and `r` rejects
 * the focused row, `u` undoes the last decision while it is held.
 *
 * A decision is held in the page for REVIEW_HOLD_MS with a countdown ("Accepted #12 — u to undo", in the
 * queue's verb: "Verified" on the applications) and
 * sent when that window ends or when the next decision is made, whichever comes first; `u` inside the
 * window drops it (nothing was sent, so nothing needs reversing) and focuses its row again. Leaving the
 * list sends a held decision at once. Closing the tab inside the window drops it: nothing is sent.
 * Sending goes through the very call the detail page's buttons make (callAction / runCall), so the
 * server's exactly-once path (state in the UPDATE condition, four-eyes) applies unchanged. The row
 * focus moves to the next row after each decision.
 *
 * A decision key never acts on a row the reviewer did not land on (issue 29 item 7). After the last row
 * there is no next one: the focus stays on the decided row, which is no longer landed on, and when that row
 * leaves the page the focus falls to the row above it (DataGrid `landedRow`), also not landed on; `a`/`r`
 * there say to move first (j/k, an arrow, a click). The held row itself is never decided again (`u` undoes).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { keyOf, type ActionDef, type CallDef, type Resource } from '../../shared/resources/define';
import { resourceNamed } from '../registry';
import { callAction, runCall, type Row } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { session } from '../state/session';
import { notify, notifyFailure } from '../state/toasts';
import { actionSuccess, fourEyesReason } from './four-eyes';

/** How long a decision waits for `u` before it is sent. */
export const REVIEW_HOLD_MS = 5000;

export type ReviewKind = 'accept' | 'reject';
type Step = { kind: 'action'; action: ActionDef } | { kind: 'call'; call: CallDef; reason?: string };

export interface HeldDecision { kind: ReviewKind; id: string; row: Row; reason?: string; until: number }

export interface Review {
  held: HeldDecision | null;
  /** What a decision did, in the queue's own verb: "Verified", "Approved", "Accepted", "Rejected". */
  decided(kind: ReviewKind): string;
  /** The row a reject is asking a reason for (the inline input shows while set). */
  asking: Row | null;
  accept(): void;
  reject(): void;
  /** Sends the reject the inline input asked for; an empty reason is refused there. */
  rejectWith(reason: string): void;
  cancelAsk(): void;
  undo(): void;
}

export interface ReviewGrid {
  focusedRow(): Row | undefined;
  landedRow(): Row | undefined;
  move(delta: number): boolean;
  unland(): void;
  focusRow(id: string): boolean;
}

/** The action or call a review key runs, from the declaring resource (or `from`). */
function stepOf(owner: Resource, name: string): Step | undefined {
  const action = owner.actions?.find((a) => a.name === name && a.kind === 'set');
  if (action) return { kind: 'action', action };
  const call = owner.calls?.find((c) => c.name === name && c.kind === 'write');
  return call ? { kind: 'call', call } : undefined;
}

/** The past of a decision's verb (`verify` → "Verified", `approve` → "Approved", `accept` → "Accepted"). */
export function decidedWord(verb: string): string {
  const v = verb.split('_')[0]!.toLowerCase();
  const past = v.endsWith('e') ? `${v}d` : /[^aeiou]y$/.test(v) ? `${v.slice(0, -1)}ied` : `${v}ed`;
  return past.charAt(0).toUpperCase() + past.slice(1);
}

/** The inline-typed parameter of a call (its reason), if it has one. */
export const reasonParam = (c: CallDef): string | undefined =>
  Object.entries(c.params ?? {}).find(([, f]) => f.kind === 'text' || f.kind === 'textarea')?.[0];

export function useReview(r: Resource, grid: () => ReviewGrid | null, onSent: () => void): Review | undefined {
  const decl = r.list.review;
  const owner = useMemo(() => (decl?.from ? resourceNamed(decl.from) : r), [r, decl]);
  const ability = useAbility();
  const me = useSnapshot(session).user?.uid;
  const [held, setHeld] = useState<HeldDecision | null>(null);
  const [asking, setAsking] = useState<Row | null>(null);
  const heldRef = useRef<HeldDecision | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const send = useCallback((d: HeldDecision) => {
    const step = decl ? stepOf(owner, decl[d.kind]) : undefined;
    if (!step) return;
    const key = keyOf(owner, d.row);
    const label = decidedWord(decl?.[d.kind] ?? d.kind);
    const done = step.kind === 'action'
      ? callAction(owner, step.action, key, step.action.values[0]).then((saved) => actionSuccess(step.action, saved, `${label} #${d.id}`))
      : runCall(owner, step.call, key, d.reason !== undefined ? { [reasonParam(step.call)!]: d.reason } : {})
        .then((answer) => step.call.success?.(answer, {}) ?? `${label} #${d.id}`);
    done.then((msg) => notify('success', `#${d.id}: ${msg}`)).catch(notifyFailure).finally(onSent);
  }, [decl, owner, onSent]);

  /** Sends the held decision now (the window ended, another decision came, or the list is left). */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const d = heldRef.current;
    heldRef.current = null;
    setHeld(null);
    if (d) send(d);
  }, [send]);

  useEffect(() => () => flush(), [flush]);

  /** Why the signed-in staff member may not take this decision on this row, if so. */
  const refusal = useCallback((kind: ReviewKind, row: Row): string | undefined => {
    const step = decl ? stepOf(owner, decl[kind]) : undefined;
    if (!step) return 'Nothing to review here';
    if (step.kind === 'action') {
      const a = step.action;
      if (!ability.can(a.ability, owner.subject, a.field)) return reasonFor(a.ability, owner.subject, a.field);
      if (a.from && !a.from.includes(String(row[a.field]))) return `#${String(keyOf(owner, row))} is ${String(row[a.field])}: nothing to decide`;
      return fourEyesReason(owner, a, row, me);
    }
    const c = step.call;
    if (!ability.can(c.ability, owner.subject)) return reasonFor(c.ability, owner.subject);
    if (c.when && !c.when.in.includes(row[c.when.field] as string)) return `#${String(keyOf(owner, row))} is ${String(row[c.when.field])}: nothing to decide`;
    return undefined;
  }, [decl, owner, ability, me]);

  const hold = useCallback((kind: ReviewKind, row: Row, reason?: string) => {
    flush();
    const d: HeldDecision = { kind, id: String(keyOf(owner, row)), row, reason, until: Date.now() + REVIEW_HOLD_MS };
    heldRef.current = d;
    setHeld(d);
    timer.current = setTimeout(flush, REVIEW_HOLD_MS);
    // No next row: the decided one keeps the focus, but only a move of the reviewer's lands on a row again.
    const g = grid();
    if (g && !g.move(1)) g.unland();
  }, [flush, owner, grid]);

  const decide = useCallback((kind: ReviewKind) => {
    const g = grid();
    const row = g?.landedRow();
    if (!row) {
      notify('error', g?.focusedRow() ? 'Move to a row first (j / k): the focus came here by itself' : 'Focus a row first (j / k)');
      return;
    }
    const heldId = heldRef.current?.id;
    if (heldId === String(keyOf(owner, row))) { notify('error', `#${heldId} is decided: u to undo`); return; }
    const why = refusal(kind, row);
    if (why) { notify('error', why); return; }
    const step = stepOf(owner, decl![kind])!;
    if (step.kind === 'call' && reasonParam(step.call)) { setAsking(row); return; }
    hold(kind, row);
  }, [grid, refusal, owner, decl, hold]);

  const review = useMemo<Review>(() => ({
    held,
    decided: (kind) => decidedWord(decl?.[kind] ?? kind),
    asking,
    accept: () => decide('accept'),
    reject: () => decide('reject'),
    rejectWith: (reason) => {
      const row = asking;
      setAsking(null);
      if (row) hold('reject', row, reason.trim());
    },
    cancelAsk: () => {
      const row = asking;
      setAsking(null);
      if (row) grid()?.focusRow(String(keyOf(owner, row)));
    },
    undo: () => {
      const d = heldRef.current;
      if (!d) { notify('error', 'Nothing to undo'); return; }
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      heldRef.current = null;
      setHeld(null);
      notify('success', `${d.kind === 'accept' ? 'Accept' : 'Reject'} of #${d.id} undone: nothing was sent`);
      grid()?.focusRow(d.id);
    },
  }), [held, asking, decide, hold, grid, owner, decl]);
  return decl ? review : undefined;
}
