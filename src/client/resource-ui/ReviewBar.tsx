/**
 * The keyboard review's strip above an approval queue (use-review.ts): the held decision with its
 * countdown ("Accepted #12 — u to undo · 4 s") and an Undo button, or the inline reason a reject asks for
 * (Enter sends, Escape cancels and returns to the row).
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Review } from './use-review';

function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [until]);
  return <span className="review-countdown" aria-hidden="true">{Math.max(0, Math.ceil((until - now) / 1000))} s</span>;
}

export function ReviewBar({ review }: { review: Review }) {
  const { held, asking } = review;
  const [reason, setReason] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => { if (asking) { setReason(''); input.current?.focus(); } }, [asking]);
  if (asking) {
    const submit = (e: FormEvent) => {
      e.preventDefault();
      if (reason.trim() !== '') review.rejectWith(reason);
    };
    return (
      <form className="review-bar" onSubmit={submit}>
        <label htmlFor="review-reason">Reason for rejecting #{String(asking.id)}</label>
        <input id="review-reason" ref={input} className="input input-sm" value={reason} maxLength={500} autoComplete="off"
          onChange={(e) => setReason(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); review.cancelAsk(); } }} />
        <button type="submit" className="btn btn-danger btn-sm" disabled={reason.trim() === ''}>Reject</button>
        <span className="field-hint">Enter rejects · Esc cancels</span>
      </form>
    );
  }
  if (!held) return null;
  return (
    <div className="review-bar review-held" role="status" aria-live="polite">
      <span>{review.decided(held.kind)} #{held.id} — u to undo</span>
      <Countdown until={held.until} />
      <button type="button" className="btn btn-ghost btn-sm" onClick={review.undo}>Undo</button>
    </div>
  );
}
