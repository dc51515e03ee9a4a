/**
 * The referrer (spec §2 Main Info, §6 User editing): a link to the referring user, and for staff who may
 * update it a field that takes the new referrer's uid, e-mail or phone number. The term is resolved to
 * one user first (as the palette's "Open user" does), and the change asks for confirmation showing the
 * resolved uid, so an e-mail typo cannot silently credit the wrong person. Remove clears it. The server
 * refuses an unknown referrer, the user themself and referral loops.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import type { UserDetail } from '../../api/users';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Field } from '../../components/ui/Field';
import { t } from '../../i18n';
import { lookupUser, setReferrer } from '../../state/user-detail';
import { Reasoned, Row } from './Panel';

const NONE = 'none';

export function ReferrerForm({ user, reason }: { user: UserDetail; reason?: string }) {
  const [term, setTerm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  /** The referrer to confirm: a uid, or '' to remove; null while no confirmation is open. */
  const [target, setTarget] = useState<string | null>(null);

  const resolve = async () => {
    if (!term.trim()) return;
    setBusy(true);
    const uid = await lookupUser(term);
    setBusy(false);
    if (!uid) return;
    // The server's refusals, said before asking it (same words: the translation table).
    if (uid === user.uid) { setError(t('admin.user.referrer_himself')); return; }
    if (uid === user.referral_uid) { setError(t('admin.user.referral_uid_no_change')); return; }
    setTarget(uid);
  };
  const confirm = async () => {
    if (target === null) return;
    setBusy(true);
    const ok = await setReferrer(target);
    setBusy(false);
    setTarget(null);
    if (ok) setTerm('');
  };

  const current = user.referral_uid
    ? <Link className="u-link u-mono" href={`/user-directory/${encodeURIComponent(user.referral_uid)}`}>{user.referral_uid}</Link>
    : <span className="u-muted">None</span>;
  return (
    <>
      <Row label="Referrer">
        {current}
        {!reason && user.referral_uid && (
          <button type="button" className="btn btn-ghost btn-sm" disabled={busy} onClick={() => setTarget('')}>Remove</button>
        )}
      </Row>
      <form className="u-inline-form" onSubmit={(e) => { e.preventDefault(); void resolve(); }}>
        <Reasoned reason={reason}>
          <Field label="New referrer" name="referrer" value={term} error={error} disabled={!!reason}
            placeholder="uid, e-mail or phone" onChange={(e) => { setTerm(e.target.value); setError(undefined); }} />
        </Reasoned>
        {!reason && <button type="submit" className="btn btn-secondary btn-sm" disabled={!term.trim() || busy}>Change</button>}
      </form>
      <ConfirmDialog isOpen={target !== null} title={target ? 'Change referrer?' : 'Remove referrer?'}
        confirmLabel={target ? 'Change referrer' : 'Remove referrer'} pending={busy}
        onConfirm={confirm} onCancel={() => setTarget(null)}>
        <p className="u-change"><span className="u-change-from u-mono">{user.referral_uid ?? NONE}</span>
          <span aria-label="to">→</span><span className="u-change-to u-mono">{target || NONE}</span>
          {target && term.trim().toUpperCase() !== target && <span className="u-muted">({term.trim()})</span>}</p>
        Referral rewards for {user.email} go to the new referrer from now on.
      </ConfirmDialog>
    </>
  );
}
