/**
 * The add-label form: key, value, scope, description, validated by the struct the server uses. What is typed
 * is kept as a local draft (use-draft.ts) until the label is added or the draft discarded.
 */
import { useId, useState } from 'react';
import { LABEL_MESSAGES, LABEL_SCOPES, LabelInput, validateForm } from '../../../shared/users';
import type { LabelScope } from '../../api/users';
import { Field } from '../../components/ui/Field';
import { DraftNote } from '../../components/form/DraftNote';
import { useDraft } from '../../components/form/use-draft';
import { createLabel } from '../../state/user-detail';
import { FormDialog } from './Panel';

const EMPTY = { key: '', value: '', scope: 'public' as LabelScope, description: '' };

export function LabelDialog({ uid, isOpen, onClose }: { uid: string; isOpen: boolean; onClose(): void }) {
  const id = useId();
  const { values: form, setValues: setForm, restoredAt, discard, done } = useDraft<typeof EMPTY>(`user:${uid}:label`, EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (k: keyof typeof EMPTY, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };
  // Closing keeps what was typed (the draft); adding the label or Discard drops it.
  const close = () => { setErrors({}); onClose(); };
  const submit = async () => {
    const input = { uid, key: form.key, value: form.value, scope: form.scope, ...(form.description ? { description: form.description } : {}) };
    const v = validateForm(LabelInput, input, { prefix: 'admin.label', messages: LABEL_MESSAGES });
    if (!v.ok) { setErrors(v.messages); return; }
    setPending(true);
    const { key, value, scope, description } = v.value;
    const ok = await createLabel({ key, value, scope, ...(description ? { description } : {}) });
    setPending(false);
    if (ok) { done(); setForm(EMPTY); close(); }
  };
  return (
    <FormDialog isOpen={isOpen} title="Add label" submitLabel="Add label" pending={pending} onSubmit={submit} onClose={close}>
      <DraftNote at={restoredAt} onDiscard={() => { discard(); setErrors({}); }} />
      <Field label="Key" name="key" value={form.key} error={errors.key || undefined} autoFocus maxLength={40}
        hint="Up to 20 of a–z, 0–9, _ and -" onChange={(e) => set('key', e.target.value)} />
      <Field label="Value" name="value" value={form.value} error={errors.value || undefined} maxLength={40}
        onChange={(e) => set('value', e.target.value)} />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-scope`}>Scope</label>
        <select id={`${id}-scope`} className="select-native" value={form.scope}
          onChange={(e) => set('scope', e.target.value)}>
          {LABEL_SCOPES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <Field label="Description" name="description" value={form.description} error={errors.description || undefined}
        onChange={(e) => set('description', e.target.value)} />
    </FormDialog>
  );
}
