/**
 * The generic add/edit form of a resource, used by the modal and the page alike. Validation runs
 * with the server's struct before sending; server field errors land under their field; fields the
 * role may not change are disabled with the reason (per attribute where the ability has them).
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { keyOf, labelOf, type ConfirmableDef, type FieldDef, type Resource } from '../../shared/resources/define';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { t } from '../i18n';
import { ApiError } from '../api';
import { createRow, newIdempotencyKey, runCall, updateRow, type Row } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { FormField, type InputKind } from '../components/form/FormField';
import { DraftNote } from '../components/form/DraftNote';
import { useDraft } from '../components/form/use-draft';
import { isSecretField } from '../state/drafts';
import { MapField } from '../components/form/MapField';
import { FlagsField } from '../components/form/FlagsField';
import { ListField } from '../components/form/ListField';
import { addLabel } from '../components/layout/header-slots';
import { notify, notifyFailure, notifySuccess } from '../state/toasts';
import { createdToast } from './presentation';
import {
  disabledBy, formFieldNames, initialValues, serverFieldMessage, shown, validateForm, type FormMode, type FormValues,
} from './form-model';
import { enumOptions, useCallOptions, useCountryOptions, useReferenceOptions, useTakenValues } from './use-options';

interface Props {
  resource: Resource;
  mode: FormMode;
  row?: Row;
  onSaved(row: Row): void;
  onCancel(): void;
}

const INPUT: Record<FieldDef['kind'], InputKind> = {
  text: 'text', textarea: 'textarea', number: 'number', decimal: 'number', boolean: 'switch', enum: 'choice',
  date: 'text', datetime: 'text', id: 'number', reference: 'choice', map: 'text', list: 'choice',
};

/** A Reset button filling the field from one of the row's read calls (`resetFrom`). */
function ResetButton({ r, row, callName, label, disabled, onValue }: { r: Resource; row: Row; callName: string; label: string; disabled: boolean; onValue(v: string): void }) {
  const [busy, setBusy] = useState(false);
  const call = r.calls?.find((c) => c.name === callName);
  if (!call) return null;
  const reset = async () => {
    setBusy(true);
    try { onValue(String(await runCall(r, call, keyOf(r, row)))); } catch (err) { notifyFailure(err); } finally { setBusy(false); }
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm field-action" disabled={disabled || busy} onClick={() => void reset()}
      title={`Set ${label.toLowerCase()} to the ${call.label.toLowerCase()}`}>Reset</button>
  );
}

/** A picker's `pickerScope` against the form's values: the referenced list's filters (`{ service_type: 'sms' }`). */
const scopeOf = (f: FieldDef, values: FormValues): Record<string, string> | undefined => (f.pickerScope
  ? Object.fromEntries(Object.entries(f.pickerScope).map(([param, field]) => [param, String(values[field] ?? '')]))
  : undefined);

function ResourceField({ r, name, row, scope, ...rest }: { r: Resource; name: string; row?: Row; scope?: Record<string, string> }
  & Omit<Parameters<typeof FormField>[0], 'label' | 'kind' | 'name' | 'options'>) {
  const f = r.fields[name];
  const refs = useReferenceOptions(f, scope, useTakenValues(r, name, f, !row));
  const called = useCallOptions(r, f);
  const countries = useCountryOptions(f);
  if (f.kind === 'list') {
    return (
      <div className="form-row form-row-wide" data-field={name}>
        <ListField name={name} label={labelOf(name, f)} value={String(rest.value)} onChange={rest.onChange} options={refs}
          error={rest.error} disabled={!!rest.disabledReason} />
      </div>
    );
  }
  if (f.kind === 'map' && f.flags) {
    return (
      <div className="form-row form-row-wide" data-field={name}>
        <FlagsField name={name} label={labelOf(name, f)} value={String(rest.value)} onChange={rest.onChange} keys={f.fixedKeys ?? []}
          labels={f.valueLabels} error={rest.error} disabled={!!rest.disabledReason} />
      </div>
    );
  }
  if (f.kind === 'map') {
    return (
      <div className="form-row form-row-wide" data-field={name}>
        <MapField name={name} label={labelOf(name, f)} value={String(rest.value)} onChange={rest.onChange} fixedKeys={f.fixedKeys}
          error={rest.error} disabled={!!rest.disabledReason} />
      </div>
    );
  }
  return (
    // A time is typed as the lists write it, in UTC whatever zone the lists show (toPayload reads it back).
    <FormField name={name} label={f.kind === 'datetime' ? `${labelOf(name, f)} (UTC)` : labelOf(name, f)} kind={f.options || f.references || f.choicesFrom ? 'choice' : INPUT[f.kind]} required={f.required}
      action={row && f.resetFrom
        ? <ResetButton r={r} row={row} callName={f.resetFrom} label={labelOf(name, f)} disabled={!!rest.disabledReason} onValue={(v) => rest.onChange(v)} />
        : undefined}
      options={f.choicesFrom ? called : f.kind === 'enum' ? enumOptions(f) : f.options === 'countries' ? countries
        : [...(f.alsoAllowed ?? []).map((v) => ({ value: v, label: v })), ...refs]} {...rest} />
  );
}

export function ResourceForm({ resource: r, mode, row, onSaved, onCancel }: Props) {
  const ability = useAbility();
  const initial = useMemo(() => initialValues(r, row), [r, row]);
  // Every engine form keeps a local draft while it is typed (never its secrets), restored when it opens again.
  const draft = useDraft<FormValues>(mode === 'create' ? `${r.name}/new` : `${r.name}/edit/${String(row ? keyOf(r, row) : '')}`, initial,
    (name) => isSecretField(name, { writeOnly: r.fields[name]?.writeOnly }));
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // One idempotency key per body sent: a second submit of the same values (a retry after a lost answer)
  // makes nothing new; changed values are a new submit with a new key.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const action = mode === 'create' ? r.abilityFor.create : r.abilityFor.update;
  const dirty = Object.keys(values).some((k) => values[k] !== initial[k]);

  const lockReason = (name: string): string | undefined => {
    const f = r.fields[name];
    if (mode === 'edit' && f.readOnlyOnEdit) return `${labelOf(name, f)} cannot be changed after creation.`;
    // CASL answers per attribute when the rule lists attributes, and for the whole subject otherwise.
    const attr = f.attribute ?? name;
    if (!ability.can(action, r.subject, attr)) return reasonFor(action, r.subject, attr);
    return disabledBy(r, name, values);
  };
  const names = formFieldNames(r).filter((n) => shown(r, n, values));
  /** Pickers scoped by a field (a provider by its service type) start over when that field changes. */
  const cleared = (changed: string): FormValues => Object.fromEntries(names
    .filter((n) => Object.values(r.fields[n]!.pickerScope ?? {}).includes(changed)).map((n) => [n, '']));
  const editable = names.filter((n) => !lockReason(n));

  /** A refusal the user may overrule (r.confirmable), waiting for their answer. */
  const [asking, setAsking] = useState<{ def: ConfirmableDef; message: string } | null>(null);

  const submit = async (e: FormEvent | null, confirm?: string) => {
    e?.preventDefault();
    const checked = validateForm(r, mode, values, initial, row && keyOf(r, row));
    if (!checked.ok) {
      setErrors(checked.messages);
      // A refusal about a field not on screen (hidden by another's value) would otherwise say nothing.
      const unseen = Object.entries(checked.messages).filter(([k]) => !names.includes(k));
      if (unseen.length) notifyFailure(new Error(unseen.map(([k, m]) => `${labelOf(k, r.fields[k])}: ${m}`).join(' ')));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const json = JSON.stringify(checked.body);
      if (sent.current?.body !== json) sent.current = { body: json, key: newIdempotencyKey() };
      const saved = mode === 'create' ? await createRow(r, checked.body, sent.current.key, confirm) : await updateRow(r, keyOf(r, row!), checked.body, confirm);
      draft.done();
      if (mode === 'create') { const done = createdToast(r, saved); notify(done.type, done.text); } else notifySuccess(r.messages?.updated ?? 'Updated Successfully');
      onSaved(saved);
    } catch (err) {
      const overrulable = err instanceof ApiError && !confirm ? r.confirmable?.find((c) => err.messages.includes(c.code)) : undefined;
      if (overrulable) { setAsking({ def: overrulable, message: t(overrulable.code) }); return; }
      // The server names fields as the body does (currency_id); the form by their own names (currency).
      const own = (k: string) => (k in r.fields ? k : Object.keys(r.fields).find((x) => r.fields[x]!.inputName === k));
      if (err instanceof ApiError && err.fields && Object.keys(err.fields).some((k) => own(k))) {
        setErrors(Object.fromEntries(Object.entries(err.fields).map(([k, codes]) => [own(k) ?? k, serverFieldMessage(r, own(k) ?? k, codes[0])])));
      } else notifyFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form className="resource-form" onSubmit={submit} validationBehavior="aria" aria-label={`${mode === 'create' ? 'New' : 'Edit'} ${r.label}`}>
      <DraftNote at={draft.restoredAt} onDiscard={() => { draft.discard(); setErrors({}); }} />
      <div className="form-fields">
        {names.map((name) => (
          <ResourceField key={name} r={r} name={name} row={mode === 'edit' ? row : undefined} value={values[name]} error={errors[name]} disabledReason={lockReason(name)}
            autoFocus={name === editable[0]} scope={scopeOf(r.fields[name]!, values)}
            onChange={(v) => { setValues((s) => ({ ...s, ...cleared(name), [name]: v })); setErrors(({ [name]: _gone, ...rest }) => rest); }} />
        ))}
      </div>
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>Cancel</button>
        <button type="submit" className="btn btn-primary" disabled={saving || editable.length === 0 || (mode === 'edit' && !dirty)}
          title={mode === 'edit' && !dirty ? 'Nothing changed yet' : undefined}>
          {mode === 'create' ? addLabel(r.route, r.label) : 'Save'}
        </button>
      </div>
      {asking && (
        <ConfirmDialog isOpen title={asking.def.title} confirmLabel={asking.def.confirm} tone="danger" pending={saving}
          onConfirm={() => { const code = asking.def.code; setAsking(null); void submit(null, code); }} onCancel={() => setAsking(null)}>
          <p>{asking.message}</p>
        </ConfirmDialog>
      )}
    </Form>
  );
}
