/**
 * The latest KYC profile (spec §4 Profile verification): its details and, while it is submitted,
 * Verify / Reject, each with its own success message.
 */
import { useState } from 'react';
import type { UserDetail } from '../../api/users';
import { decideProfile } from '../../state/user-detail';
import { capitalise } from './format';
import { Panel, Reasoned } from './Panel';
import { ProfileDialog } from './ProfileDialog';
import type { UserRules } from './rules';
import { Timestamp } from '../../components/ui/Timestamp';

const TONE: Record<string, string> = { verified: 'green', submitted: 'yellow', rejected: 'red', drafted: 'grey' };
/**
 * When the profile reached its state: its last change (updated_at). "Submitted" showed created_at, the day the
 * profile was drafted, while the pending queue's "Submitted" is when it was sent for review — a day apart in the
 * demo (issue 29 item 11: Apr 23 in the queue, Apr 22 here).
 */
const STATE_AT: Record<string, string> = { submitted: 'Submitted', verified: 'Verified', rejected: 'Rejected' };

export function ProfilePanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  const [pending, setPending] = useState(false);
  const [adding, setAdding] = useState(false);
  const p = user.profiles[0];
  const decide = async (d: 'verified' | 'rejected') => {
    setPending(true);
    await decideProfile(d);
    setPending(false);
  };
  const reason = rules.reasons.profile;
  const addReason = rules.reasons.profileAdd;
  // A profile under review is decided first; otherwise staff may enter one (a document that came by mail).
  const actions = p?.state === 'submitted' ? (
    <Reasoned reason={reason}>
      <div className="u-panel-actions">
        <button type="button" className="btn btn-secondary btn-sm" disabled={!!reason || pending} onClick={() => decide('rejected')}>Reject</button>
        <button type="button" className="btn btn-primary btn-sm" disabled={!!reason || pending} onClick={() => decide('verified')}>Verify</button>
      </div>
    </Reasoned>
  ) : (
    <Reasoned reason={addReason}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={!!addReason} onClick={() => setAdding(true)}>Add profile</button>
    </Reasoned>
  );
  return (
    <Panel title="Profile" actions={actions}>
      <ProfileDialog uid={user.uid} isOpen={adding} onClose={() => setAdding(false)} />
      {!p ? <p className="u-empty">No profile submitted</p> : (
        <dl className="u-dl">
          <div><dt>Status</dt><dd><span className={`u-badge u-badge-${TONE[p.state ?? ''] ?? 'grey'}`}>{capitalise(p.state ?? 'unknown')}</span></dd></div>
          <div><dt>Name</dt><dd>{[p.first_name, p.last_name].filter(Boolean).join(' ') || 'No Name'}</dd></div>
          <div><dt>Date of birth</dt><dd>{p.dob ?? '—'}</dd></div>
          <div><dt>Address</dt><dd>{[p.address, p.postcode, p.city].filter(Boolean).join(', ') || '—'}</dd></div>
          <div><dt>Country</dt><dd>{p.country ?? '—'}</dd></div>
          <div><dt>Created</dt><dd><Timestamp value={p.created_at} /></dd></div>
          {p.state && STATE_AT[p.state] && <div><dt>{STATE_AT[p.state]}</dt><dd><Timestamp value={p.updated_at ?? p.created_at} /></dd></div>}
        </dl>
      )}
    </Panel>
  );
}
