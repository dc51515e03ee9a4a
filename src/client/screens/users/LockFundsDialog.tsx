/**
 * Lock/unlock an investor's funds (spec §4, §5): lock or unlock, by a percentage of every account or
 * an amount of one currency. Submit stays disabled while the value is empty or zero; the preview
 * shows each account's balance and locked before → after, in exact decimals.
 */
import { useId, useState } from 'react';
import type { UserDetail } from '../../api/users';
import { moveFunds } from '../../state/user-detail';
import { previewLock, type LockMode, type LockType } from './lock-preview';
import { FormDialog } from './Panel';

function Segmented<T extends string>({ label, value, options, onChange }: {
  label: string; value: T; options: readonly [T, string][]; onChange(v: T): void;
}) {
  const name = useId();
  return (
    <fieldset className="u-segmented">
      <legend className="field-label">{label}</legend>
      {options.map(([v, text]) => (
        <label key={v} className="u-segment" data-selected={v === value || undefined}>
          <input type="radio" name={name} value={v} checked={v === value} onChange={() => onChange(v)} />
          {text}
        </label>
      ))}
    </fieldset>
  );
}

export function LockFundsDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const id = useId();
  const [type, setType] = useState<LockType>('lock');
  const [mode, setMode] = useState<LockMode>('percentage');
  const [value, setValue] = useState('');
  const [currency, setCurrency] = useState(user.accounts[0]?.currency ?? '');
  const [pending, setPending] = useState(false);
  const preview = previewLock(user.accounts, { type, mode, value, currency });
  const close = () => { setValue(''); onClose(); };
  const submit = async () => {
    setPending(true);
    const v = value.trim();
    const ok = await moveFunds(mode === 'percentage' ? { type, percentage: v } : { type, amount: v, currency });
    setPending(false);
    if (ok) close();
  };
  const verb = type === 'lock' ? 'Lock' : 'Unlock';
  const what = mode === 'percentage' ? `${value.trim() || '…'}%` : `${value.trim() || '…'} ${currency.toUpperCase()}`;
  return (
    <FormDialog isOpen={isOpen} title={`Lock/Unlock funds · ${user.email}`} submitLabel={`${verb} ${what}`} tone="danger" wide
      pending={pending} submitDisabled={preview.problem !== null} submitReason={preview.problem ?? undefined}
      onSubmit={submit} onClose={close}>
      <div className="u-lock-controls">
        <Segmented<LockType> label="Action" value={type} options={[['lock', 'Lock'], ['unlock', 'Unlock']]} onChange={setType} />
        <Segmented<LockMode> label="By" value={mode} options={[['percentage', 'Percentage'], ['amount', 'Amount']]} onChange={setMode} />
      </div>
      <div className="u-lock-controls">
        <div className="field">
          <label className="field-label" htmlFor={`${id}-value`}>{mode === 'percentage' ? 'Percent of each account' : 'Amount to move'}</label>
          <input id={`${id}-value`} className="input u-num" inputMode="decimal" autoComplete="off" autoFocus value={value}
            placeholder={mode === 'percentage' ? 'e.g. 25' : 'e.g. 0.5'} onChange={(e) => setValue(e.target.value)} />
        </div>
        {mode === 'amount' && (
          <div className="field">
            <label className="field-label" htmlFor={`${id}-cur`}>Currency</label>
            <select id={`${id}-cur`} className="select-native" value={currency} onChange={(e) => setCurrency(e.target.value)}>
              {user.accounts.map((a) => <option key={a.currency} value={a.currency}>{a.currency.toUpperCase()}</option>)}
            </select>
          </div>
        )}
      </div>
      {value.trim() !== '' && preview.problem && <p className="field-error" role="alert">{preview.problem}</p>}
      {preview.rows.length > 0 && (
        <table className="u-table u-preview" aria-label="Before and after">
          <thead><tr><th scope="col">Currency</th><th scope="col" className="u-num">Balance</th><th scope="col" className="u-num">Locked</th></tr></thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.currency}>
                <td className="u-currency">{r.currency.toUpperCase()}</td>
                <td className="u-num">{r.balance[0]} → <strong>{r.balance[1]}</strong></td>
                <td className="u-num">{r.locked[0]} → <strong>{r.locked[1]}</strong></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </FormDialog>
  );
}
