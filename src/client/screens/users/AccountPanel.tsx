/**
 * Standing of the account (spec §2 Main Info, §6 User editing): state, role, fee group, referrer,
 * 2FA and minimum swap amount, and "End all sessions" (signs the user out everywhere, after a
 * confirmation). Each control saves only its own field.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { UserDetail } from '../../api/users';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { FormField } from '../../components/form/FormField';
import { Icon } from '../../components/ui/Icon';
import { clearIntent, endAllSessions, setGroup, setMinSwap, setRole, turnOffOtp, userDetail } from '../../state/user-detail';
import { isDecimal } from './decimal';
import { ROLES } from './format';
import { Panel, Reasoned } from './Panel';
import { ReferrerForm } from './ReferrerForm';
import type { UserRules } from './rules';
import { StateControl } from './StateControl';

function MinSwap({ user, reason }: { user: UserDetail; reason?: string }) {
  const [value, setValue] = useState(user.minimum_swap_amount);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValue(user.minimum_swap_amount), [user.minimum_swap_amount]);
  const valid = isDecimal(value);
  const changed = value.trim() !== user.minimum_swap_amount;
  const save = async () => { setSaving(true); await setMinSwap(value.trim()); setSaving(false); };
  return (
    <div className="u-inline-form">
      <FormField name="minimum_swap_amount" label="Minimum swap amount" kind="text" value={value} disabledReason={reason}
        error={valid || value === '' ? undefined : 'Enter a decimal number, e.g. 25.5'} onChange={(v) => setValue(String(v))} />
      {!reason && (
        <button type="button" className="btn btn-secondary btn-sm" disabled={!valid || !changed || saving} onClick={save}>Save</button>
      )}
    </div>
  );
}

export function AccountPanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  const { groups, intent } = useSnapshot(userDetail);
  const [role, setRoleTarget] = useState<string | null>(null);
  // The palette's "Change role…" asks for confirmation here, with before → after.
  useEffect(() => {
    if (intent?.kind !== 'role') return;
    setRoleTarget(intent.role);
    clearIntent();
  }, [intent]);
  const [otpConfirm, setOtpConfirm] = useState(false);
  const [endConfirm, setEndConfirm] = useState(false);
  const [pending, setPending] = useState(false);
  const r = rules.reasons;
  const groupOptions = [...new Set([...(user.group ? [user.group] : []), ...groups])];
  const roles: string[] = ROLES.includes(user.role as never) ? [...ROLES] : [user.role, ...ROLES];

  const confirmRole = async () => {
    if (!role) return;
    setPending(true);
    await setRole(role);
    setPending(false);
    setRoleTarget(null);
  };
  const confirmOtp = async () => {
    setPending(true);
    await turnOffOtp();
    setPending(false);
    setOtpConfirm(false);
  };
  const confirmEnd = async () => {
    setPending(true);
    await endAllSessions();
    setPending(false);
    setEndConfirm(false);
  };
  const endSessions = (
    <Reasoned reason={r.sessions}>
      <button type="button" className="btn btn-secondary btn-sm" disabled={!!r.sessions} onClick={() => setEndConfirm(true)}>
        <Icon name="logout" /> End all sessions
      </button>
    </Reasoned>
  );

  return (
    <Panel title="Account" actions={endSessions}>
      <div className="u-fields">
        <StateControl user={user} reason={r.state} />
        <FormField name="role" label="Role" kind="choice" value={user.role} disabledReason={r.role}
          options={roles.map((x) => ({ value: x, label: x }))}
          onChange={(v) => { if (v && v !== user.role) setRoleTarget(String(v)); }} />
        <FormField name="group" label="Fee group" kind="choice" value={user.group ?? ''} disabledReason={r.group}
          options={groupOptions.map((g) => ({ value: g, label: g }))}
          onChange={(v) => { if (v && v !== user.group) void setGroup(String(v)); }} />
        <MinSwap user={user} reason={r.minSwap} />
        <ReferrerForm user={user} reason={r.referrer} />
        {/* Spec §6: enabled only while the user has 2FA on, so it can only turn it off. */}
        <FormField name="otp" label="Two-factor authentication" kind="switch" value={user.otp}
          disabledReason={r.otp} onChange={(on) => { if (on === false) setOtpConfirm(true); }} />
      </div>
      <ConfirmDialog isOpen={role !== null} title="Change role?" confirmLabel="Change role" tone="danger" pending={pending}
        onConfirm={confirmRole} onCancel={() => setRoleTarget(null)}>
        <p className="u-change"><span className="u-change-from">{user.role}</span><span aria-label="to">→</span>
          <span className="u-change-to">{role}</span></p>
        What {user.email} may do in the console changes at once.
      </ConfirmDialog>
      <ConfirmDialog isOpen={otpConfirm} title="Disable 2FA?" confirmLabel="Disable 2FA" tone="danger" pending={pending}
        onConfirm={confirmOtp} onCancel={() => setOtpConfirm(false)}>
        {user.email} will sign in without a one-time code until they set up 2FA again.
      </ConfirmDialog>
      <ConfirmDialog isOpen={endConfirm} title="End all sessions?" confirmLabel="End all sessions" tone="danger" pending={pending}
        onConfirm={confirmEnd} onCancel={() => setEndConfirm(false)}>
        {user.email} is signed out on every device and browser at once, and has to sign in again.
      </ConfirmDialog>
    </Panel>
  );
}
