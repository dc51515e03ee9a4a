/**
 * The form's pure side: initial values from a row or the declared defaults, the payload, what changed,
 * and validation with the very struct the server uses (DESIGN §5.3), with the spec's messages.
 */
import {
  formDefaults, labelOf, messageFor, validateCreate, validateUpdate, writableFields, type Resource,
} from '../../shared/resources';
import { translation } from '../i18n';

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'create' | 'edit';

/** Inputs shown: every writable field (locked-on-edit ones stay visible, disabled, in edit mode). */
export const formFieldNames = (r: Resource): string[] => writableFields(r);

function asFormValue(r: Resource, field: string, v: unknown): FormValue {
  const f = r.fields[field];
  if (f.kind === 'boolean') return v === true || v === 'true';
  if (v === null || v === undefined) return '';
  const s = String(v);
  // Barong stores verbs and actions upper-case; the form shows the declared spelling.
  if (f.kind === 'enum') return f.values?.find((x) => x.toLowerCase() === s.toLowerCase()) ?? s;
  return s;
}

export function initialValues(r: Resource, row?: Record<string, unknown>): FormValues {
  const source = row ?? formDefaults(r);
  const out: FormValues = {};
  for (const k of formFieldNames(r)) out[k] = asFormValue(r, k, source[k]);
  return out;
}

/** What goes on the wire: blank numbers and references are left out rather than sent as ''. */
export function toPayload(r: Resource, values: FormValues): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const kind = r.fields[k]?.kind;
    if (v === '' && kind !== 'text' && kind !== 'textarea') continue;
    out[k] = v;
  }
  return out;
}

/** Spec §5 "Only changed fields are sent on update". */
export function changedValues(initial: FormValues, values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => initial[k] !== v));
}

export type Validated =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; messages: Record<string, string> };

/** Client-side validation before sending: the create struct, or the update struct on the changes only. */
export function validateForm(r: Resource, mode: FormMode, values: FormValues, initial: FormValues, id?: number): Validated {
  if (mode === 'create') {
    const res = validateCreate(r, toPayload(r, values));
    return res.ok ? { ok: true, body: res.value } : { ok: false, messages: res.messages };
  }
  const changes = changedValues(initial, values);
  // A required field blanked on edit is sent as '' so the struct reports it as empty, not as absent.
  const payload: Record<string, unknown> = { ...toPayload(r, changes), id };
  for (const k of Object.keys(changes)) if (changes[k] === '' && r.fields[k].required) payload[k] = '';
  const res = validateUpdate(r, payload);
  if (!res.ok) return { ok: false, messages: res.messages };
  const { id: _id, ...body } = res.value;
  return { ok: true, body };
}

/** A server field code under its field: the translation table first, then the shape of the code. */
export function serverFieldMessage(r: Resource, field: string, code: string): string {
  // The table's own text only: the shapes' generic wording would hide the field's spec message below.
  const translated = translation(code);
  if (translated !== undefined) return translated;
  const label = labelOf(field, r.fields[field]);
  if (code.endsWith('_taken')) return `${label} is already taken`;
  if (code.endsWith('_doesnt_exist')) return `${label} does not exist`;
  if (/\.(missing|empty)_/.test(code)) return messageFor(r, field, 'missing');
  if (code.endsWith('_too_long')) return messageFor(r, field, 'too_long');
  if (/\.immutable_/.test(code)) return messageFor(r, field, 'immutable');
  return messageFor(r, field, 'invalid');
}
