/**
 * User state (spec §4): picking a new value asks for a remark first ('Required!', 'Please enter valid
 * data!' for a leading space, the shared struct's rules), then saves {uid, state, remark}. The remark typed
 * is kept as a local draft (use-draft.ts) until the state is saved or the draft discarded.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { REMARK_MESSAGES, StateChange, USER_STATES, validateForm } from '../../../shared/users';
import type { UserDetail } from '../../api/users';
import { Field } from '../../components/ui/Field';
import { DraftNote } from '../../components/form/DraftNote';
import { useDraft } from '../../components/form/use-draft';
import { FormField } from '../../components/form/FormField';
import { clearIntent, setUserState, userDetail } from '../../state/user-detail';
import { capitalise } from './format';
import { FormDialog } from './Panel';

interface RemarkProps {
  uid: string;
  from: string;
  to: string | null;
  /** A remark typed in the palette, shown for confirmation. */
  initialRemark?: string;
  onClose(): void;
}

export function RemarkDialog({ uid, from, to, initialRemark = '', onClose }: RemarkProps) {
  const { values, setValues, restoredAt, discard, done } = useDraft(`user:${uid}:state`, { remark: '' });
  const remark = values.remark;
  const setRemark = (text: string) => setValues({ remark: text });
  // A remark typed in the palette replaces the draft.
  useEffect(() => { if (initialRemark) setValues({ remark: initialRemark }); }, [initialRemark, setValues]);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  // Closing keeps the remark typed (the draft); saving the state or Discard drops it.
  const close = () => { setError(undefined); onClose(); };
  const submit = async () => {
    const v = validateForm(StateChange, { uid, state: to, remark }, { prefix: 'admin.user', messages: REMARK_MESSAGES });
    if (!v.ok) { setError(v.messages.remark ?? Object.values(v.messages)[0]); return; }
    setPending(true);
    const ok = await setUserState(v.value.state, v.value.remark);
    setPending(false);
    if (ok) { done(); setRemark(''); close(); }
  };
  const tone = to === 'banned' ? 'danger' : 'primary';
  return (
    <FormDialog isOpen={to !== null} title="Change user state" submitLabel={to ? `Set ${capitalise(to)}` : 'Save'} tone={tone}
      pending={pending} onSubmit={submit} onClose={close}>
      <p className="u-change">
        <span className="u-change-from">{capitalise(from)}</span>
        <span aria-label="to">→</span>
        <span className="u-change-to">{to ? capitalise(to) : ''}</span>
      </p>
      <DraftNote at={restoredAt} onDiscard={() => { discard(); setError(undefined); }} />
      <Field label="Remark" name="remark" value={remark} error={error} autoFocus autoComplete="off"
        hint="Why the state changes; kept in the state change log."
        onChange={(e) => { setRemark(e.target.value); if (error) setError(undefined); }} />
    </FormDialog>
  );
}

export function StateControl({ user, reason }: { user: UserDetail; reason?: string }) {
  const [target, setTarget] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const { intent } = useSnapshot(userDetail);
  // A palette "ban / activate …" with its remark lands here for the before → after confirmation.
  useEffect(() => {
    if (intent?.kind !== 'state') return;
    setRemark(intent.remark);
    setTarget(intent.state);
    clearIntent();
  }, [intent]);
  const values: string[] = USER_STATES.includes(user.state as never) ? [...USER_STATES] : [user.state, ...USER_STATES];
  return (
    <>
      <FormField name="state" label="State" kind="choice" value={user.state} disabledReason={reason}
        options={values.map((s) => ({ value: s, label: capitalise(s) }))}
        onChange={(v) => { if (v && v !== user.state) setTarget(String(v)); }} />
      <RemarkDialog uid={user.uid} from={user.state} to={target} initialRemark={remark}
        onClose={() => { setTarget(null); setRemark(''); }} />
    </>
  );
}
