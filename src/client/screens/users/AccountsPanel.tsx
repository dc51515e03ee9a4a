/**
 * Balances per currency, and for a superadmin looking at an investor the Lock/Unlock funds action
 * (spec §6 Funds lock). The table shows what the server answered after every move.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { UserDetail } from '../../api/users';
import { Amount } from '../../components/ui/Amount';
import { Icon } from '../../components/ui/Icon';
import { clearIntent, userDetail } from '../../state/user-detail';
import { LockFundsDialog } from './LockFundsDialog';
import { Panel, Reasoned } from './Panel';
import type { UserRules } from './rules';
import { onRowKeys, rowTab } from '../../components/ui/row-keys';

export function AccountsPanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  const [open, setOpen] = useState(false);
  const { intent } = useSnapshot(userDetail);
  // The palette's "Lock / unlock funds…" opens the same dialog, with its before → after preview.
  useEffect(() => {
    if (intent?.kind !== 'lock') return;
    if (rules.showLock && !rules.reasons.lock) setOpen(true);
    clearIntent();
  }, [intent, rules.showLock, rules.reasons.lock]);
  const reason = rules.reasons.lock;
  const action = rules.showLock ? (
    <Reasoned reason={reason}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={!!reason} onClick={() => setOpen(true)}>
        <Icon name="shield" /> Lock/Unlock funds
      </button>
    </Reasoned>
  ) : undefined;
  return (
    <Panel title="Balances" actions={action}>
      {user.accounts.length === 0 ? <p className="u-empty">No Record Found</p> : (
        <div className="u-table-wrap">
          <table className="u-table" aria-label="Balances">
            <thead><tr><th scope="col">Currency</th><th scope="col" className="u-num">Balance</th><th scope="col" className="u-num">Locked</th></tr></thead>
            <tbody onKeyDown={onRowKeys}>
              {user.accounts.map((a, i) => (
                <tr key={a.currency} tabIndex={rowTab(i)}>
                  <td className="u-currency">{a.currency.toUpperCase()}</td>
                  <td className="u-num"><Amount value={a.balance} /></td>
                  <td className={`u-num${a.locked !== '0' ? ' u-locked' : ''}`}><Amount value={a.locked} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rules.showLock && <LockFundsDialog user={user} isOpen={open} onClose={() => setOpen(false)} />}
    </Panel>
  );
}
