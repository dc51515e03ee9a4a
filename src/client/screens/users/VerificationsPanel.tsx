/**
 * The user's accredited-investor verifications (spec §3 Accredited verification: verification_id,
 * status, created_at), newest first, beside the KYC switches whose `accredited` they back. Loaded with
 * the detail (state/user-verifications.ts); shown to viewers who may read User.
 */
import { useSnapshot } from 'valtio';
import { loadVerifications, userVerifications } from '../../state/user-verifications';
import { capitalise } from './format';
import { Panel } from './Panel';
import { Timestamp } from '../../components/ui/Timestamp';
import { onRowKeys, rowTab } from '../../components/ui/row-keys';

/** Badge colour per verification status; anything else (expired, a provider's own word) is grey. */
const STATUS_TONE: Record<string, string> = {
  approved: 'green', verified: 'green', completed: 'green',
  pending: 'yellow', submitted: 'yellow', in_review: 'yellow',
  rejected: 'red', declined: 'red', failed: 'red',
};

export function VerificationsPanel({ uid }: { uid: string }) {
  const v = useSnapshot(userVerifications);
  const mine = v.uid === uid;
  let body;
  if (mine && v.status === 'failed') {
    body = (
      <div className="u-empty" role="alert">
        <p>Could not load the verifications: {v.error}</p>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => void loadVerifications(uid)}>Retry</button>
      </div>
    );
  } else if (!mine || (v.status !== 'ready' && v.rows.length === 0)) {
    body = <p className="u-empty" role="status">Loading verifications…</p>;
  } else if (v.rows.length === 0) {
    body = <p className="u-empty">No Record Found</p>;
  } else {
    body = (
      <div className="u-table-wrap">
        <table className="u-table" aria-label="Accredited verifications">
          <thead><tr><th scope="col">Verification ID</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
          <tbody onKeyDown={onRowKeys}>
            {v.rows.map((r, i) => (
              <tr key={r.verification_id} tabIndex={rowTab(i)}>
                <td className="u-mono">{r.verification_id}</td>
                <td><span className={`u-badge u-badge-${STATUS_TONE[r.status] ?? 'grey'}`}>{capitalise(r.status.replace(/_/g, ' '))}</span></td>
                <td className="u-nowrap"><Timestamp value={r.created_at} /></td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return <Panel title="Accredited verifications">{body}</Panel>;
}
