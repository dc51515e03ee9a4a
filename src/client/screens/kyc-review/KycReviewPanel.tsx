/**
 * The KYC review beside the pending applications (issue 29 item 4): the applicant's documents, the latest
 * profile, and both decisions on one screen — identity (the profile: Verify / Reject, as on the user
 * page) and residence, the application itself (the `document` label: the queue's `a` / `r`, held 5 s for
 * `u`, then the focus moves to the next application and this panel follows it).
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { decideProfile, fetchUser, type ProfileDecisionValue, type UserDetail } from '../../api/users';
import { showDocuments } from '../../state/document-viewer';
import { notify, notifyFailure } from '../../state/toasts';
import { Icon } from '../../components/ui/Icon';
import type { BesidePanelProps } from '../../resource-ui/beside-panels';
import { DocumentViewer } from './DocumentViewer';
import './kyc-review.css';

type Loaded = UserDetail | 'failed' | null;

export default function KycReviewPanel({ id: uid, onClose, review }: BesidePanelProps) {
  const [user, setUser] = useState<Loaded>(null);
  const [deciding, setDeciding] = useState(false);
  const verify = useRef<HTMLButtonElement>(null);
  const load = (quiet = false) => {
    if (!quiet) setUser(null);
    return fetchUser(uid).then(setUser, () => setUser('failed'));
  };
  useEffect(() => { void load(); }, [uid]);
  useEffect(() => { showDocuments(uid, user && user !== 'failed' ? user.documents ?? [] : []); }, [uid, user]);
  useEffect(() => () => showDocuments(null), []);

  const profile = user && user !== 'failed' ? user.profiles[0] : undefined;
  const decideIdentity = async (d: ProfileDecisionValue) => {
    setDeciding(true);
    try {
      await decideProfile(uid, d);
      notify('success', d === 'verified' ? 'Profile verified successfully' : 'Profile Rejected successfully');
      await load(true);
    } catch (err) { notifyFailure(err); }
    setDeciding(false);
    // The identity buttons leave with the submitted profile: the focus goes on to the application's decision.
    requestAnimationFrame(() => verify.current?.focus());
  };

  return (
    <aside className="row-panel kyc-panel" aria-labelledby="kyc-panel-title"
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onClose(); } }}>
      <header className="row-panel-head">
        <h3 id="kyc-panel-title">Application · {uid}</h3>
        <button type="button" className="icon-btn" onClick={onClose} aria-label="Close application" title="Close (Esc)">
          <Icon name="close" size={16} />
        </button>
      </header>
      {user === null && <p className="row-panel-note" role="status">Loading…</p>}
      {user === 'failed' && <p className="row-panel-note" role="alert">This application could not be loaded.</p>}
      {user && user !== 'failed' && (
        <>
          <DocumentViewer />
          <section className="kyc-section" aria-label="Profile">
            <h4>Identity</h4>
            {profile ? (
              <dl className="row-panel-fields">
                <div className="row-panel-field"><dt>Name</dt><dd>{[profile.first_name, profile.last_name].filter(Boolean).join(' ') || '—'}</dd></div>
                <div className="row-panel-field"><dt>Date of birth</dt><dd>{profile.dob ?? '—'}</dd></div>
                <div className="row-panel-field"><dt>Address</dt><dd>{[profile.address, profile.postcode, profile.city].filter(Boolean).join(', ') || '—'}</dd></div>
                <div className="row-panel-field"><dt>Country</dt><dd>{profile.country ?? '—'}</dd></div>
                <div className="row-panel-field"><dt>Profile</dt><dd>{profile.state ?? '—'}</dd></div>
              </dl>
            ) : <p className="row-panel-note">No profile submitted</p>}
            {profile?.state === 'submitted' && (
              <div className="kyc-actions">
                <button type="button" className="btn btn-secondary btn-sm" disabled={deciding} onClick={() => void decideIdentity('rejected')}>Reject identity</button>
                <button type="button" className="btn btn-primary btn-sm" disabled={deciding} onClick={() => void decideIdentity('verified')}>Verify identity</button>
              </div>
            )}
          </section>
          <section className="kyc-section" aria-label="Application decision">
            <h4>Residence and documents</h4>
            <div className="kyc-actions">
              <button type="button" className="btn btn-secondary btn-sm" disabled={!review} onClick={() => review?.reject()} title="Reject application (r)">Reject <kbd>r</kbd></button>
              <button type="button" ref={verify} className="btn btn-primary btn-sm" disabled={!review} onClick={() => review?.accept()} title="Verify application (a)">Verify <kbd>a</kbd></button>
            </div>
            <p className="row-panel-note"><Link className="cell-link" href={`/user-directory/${encodeURIComponent(uid)}`}>Open the user’s page</Link></p>
          </section>
        </>
      )}
    </aside>
  );
}
