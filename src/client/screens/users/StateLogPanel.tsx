/** The state change log (spec §3 State log): past state → state, remark, who, when; newest first. */
import type { UserDetail } from '../../api/users';
import { Panel } from './Panel';
import { StateBadge } from './UserHeader';
import { Timestamp } from '../../components/ui/Timestamp';
import { onRowKeys, rowTab } from '../../components/ui/row-keys';

export function StateLogPanel({ user }: { user: UserDetail }) {
  const logs = user.user_state_logs;
  return (
    <Panel title="State change log" className="u-span">
      {logs.length === 0 ? <p className="u-empty">No Record Found</p> : (
        <div className="u-table-wrap">
          <table className="u-table" aria-label="State change log">
            <thead>
              <tr><th scope="col">Change</th><th scope="col">Remark</th><th scope="col">By</th><th scope="col">Date</th></tr>
            </thead>
            <tbody onKeyDown={onRowKeys}>
              {logs.map((l, i) => (
                <tr key={`${l.created_at}-${i}`} tabIndex={rowTab(i)}>
                  <td className="u-nowrap">
                    {l.past_state ? <StateBadge state={l.past_state} /> : <span className="u-muted">—</span>}
                    <span className="u-arrow" aria-label="to">→</span>
                    <StateBadge state={l.state} />
                  </td>
                  <td className="u-remark">{l.remark ?? ''}</td>
                  <td>{l.change_by_user_email ?? <span className="u-muted">system</span>}</td>
                  <td className="u-nowrap"><Timestamp value={l.created_at} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
