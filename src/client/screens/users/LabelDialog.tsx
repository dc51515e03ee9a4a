/**
 * The label form: key, value, scope, description, validated by the struct the server uses. Adding, or editing a
 * label in place (`editing`: its key and scope name it and stay as they are; value and description change, PUT
 * /admin/users/labels). What is typed is kept as a local draft (use-draft.ts) until saved or discarded.
 */
import { useId, useState } from 'react';
import { LABEL_MESSAGES, LABEL_SCOPES, LabelInput, validateForm } from '../../../shared/users';
import type { LabelScope, UserLabel } from '../../api/users';
import { Field } from '../../components/ui/Field';
import { DraftNote } from '../../components/form/DraftNote';
import { useDraft } from '../../components/form/use-draft';
import { createLabel, editLabel } from '../../state/user-detail';
import { FormDialog } from './Panel';

const EMPTY = { key: '', value: '', scope: 'public' as LabelScope, description: '' };

export function LabelDialog({ uid, isOpen, onClose, editing }: { uid: string; isOpen: boolean; onClose(): void; editing?: UserLabel }) {
  const id = useId();
  const start = editing ? { key: editing.key, value: editing.value, scope: editing.scope, description: editing.description ?? '' } : EMPTY;
  const draftKey = editing ? `user:${uid}:label:${editing.scope}:${editing.key}` : `user:${uid}:label`;
  const { values: form, setValues: setForm, restoredAt, discard, done } = useDraft<typeof EMPTY>(draftKey, start);
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
    const body = { key, value, scope, ...(description ? { description } : {}) };
    const ok = await (editing ? editLabel(body) : createLabel(body));
    setPending(false);
    if (ok) { done(); setForm(start); close(); }
  };
  const title = editing ? `Edit label ${editing.key}` : 'Add label';
  return (
    <FormDialog isOpen={isOpen} title={title} submitLabel={editing ? 'Save label' : 'Add label'} pending={pending} onSubmit={submit} onClose={close}>
      <DraftNote at={restoredAt} onDiscard={() => { discard(); setErrors({}); }} />
      <Field label="Key" name="key" value={form.key} error={errors.key || undefined} autoFocus={!editing} maxLength={40}
        readOnly={!!editing} hint={editing ? 'A label is named by its key and scope' : 'Up to 20 of a–z, 0–9, _ and -'}
        onChange={(e) => set('key', e.target.value)} />
      <Field label="Value" name="value" value={form.value} error={errors.value || undefined} maxLength={40} autoFocus={!!editing}
        onChange={(e) => set('value', e.target.value)} />
      <div className="field">
        <label className="field-label" htmlFor={`${id}-scope`}>Scope</label>
        <select id={`${id}-scope`} className="select-native" value={form.scope} disabled={!!editing}
          onChange={(e) => set('scope', e.target.value)}>
          {LABEL_SCOPES.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
      </div>
      <Field label="Description" name="description" value={form.description} error={errors.description || undefined}
        onChange={(e) => set('description', e.target.value)} />
    </FormDialog>
  );
}
