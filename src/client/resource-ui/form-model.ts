/**
 * The form's pure side: initial values from a row or the declared defaults, the payload, what changed,
 * and validation with the very struct the server uses (DESIGN §5.3), with the spec's messages.
 */
import { labelOf, meets, writableFields, type Resource } from '../../shared/resources/define';
import {
  boundFailures, formDefaults, inputNameOf, toInputNames, messageFor, validateCreate, validateUpdate,
} from '../../shared/resources/structs';
import { objectToPairs, pairsToObject } from '../components/form/MapField';
import { parseList } from '../components/form/ListField';
import { flagsText, parseFlags } from '../components/form/FlagsField';
import { shiftDecimal } from '../../shared/decimal';
import { formatDate, parseTime } from './format';
import { translation } from '../i18n';

export type FormValue = string | boolean;
export type FormValues = Record<string, FormValue>;
export type FormMode = 'create' | 'edit';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SHOWN_DATE = /^([A-Z][a-z]{2}) (\d{1,2}), (\d{4}) (\d{2}):(\d{2})$/;

/**
 * Text in the one format (format.ts `DATE_PATTERN`, UTC) back to the wire's ISO time — what a form's date field holds is
 * written as every list shows it; null for other text (ISO typed as such is sent as typed, and checked by the struct).
 */
export function parseShownDate(text: string): string | null {
  const m = SHOWN_DATE.exec(text.trim());
  const month = m ? MONTHS.indexOf(m[1]!) : -1;
  if (!m || month < 0) return null;
  const [day, year, hour, minute] = [m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number];
  const d = new Date(Date.UTC(year, month, day, hour, minute));
  // Feb 30 or 24:00 would roll over into another day: not the time that was written.
  return d.getUTCDate() === day && d.getUTCMonth() === month && hour < 24 && minute < 60 ? d.toISOString() : null;
}

/** Inputs shown: every writable field (locked-on-edit ones stay visible, disabled, in edit mode). */
export const formFieldNames = (r: Resource): string[] => writableFields(r);

function asFormValue(r: Resource, field: string, v: unknown): FormValue {
  const f = r.fields[field];
  if (f.kind === 'boolean') return v === true || v === 'true';
  if (f.kind === 'map' && f.flags) return flagsText(v, f.fixedKeys ?? []);
  if (f.kind === 'map') return objectToPairs(v, f.fixedKeys);
  if (f.kind === 'list') return JSON.stringify(Array.isArray(v) ? v.map(String) : []);
  if (f.scale === 'percent' && v !== null && v !== undefined && v !== '') return shiftDecimal(String(v), 2);
  if (v === null || v === undefined) return '';
  // A time reads as in every list ('Nov 18, 2026 06:00', UTC), not as the wire's ISO text; toPayload reads it back.
  if (f.kind === 'datetime') return parseTime(v) ? formatDate(v) : String(v);
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

/** Whether a field shows for these values (its `showWhen`), and why it is disabled by another (its `disableWhen`). */
export const shown = (r: Resource, name: string, values: FormValues): boolean => meets(r.fields[name]!.showWhen, values);
export function disabledBy(r: Resource, name: string, values: FormValues): string | undefined {
  const c = r.fields[name]!.disableWhen;
  return c && meets(c, values) ? `Disabled while ${labelOf(c.field, r.fields[c.field])} is ${c.in.map(String).join(' or ')}.` : undefined;
}

/**
 * What goes on the wire: blank numbers and references are left out rather than sent as ''; a map
 * goes as its object; a field hidden by another's value goes as its `hiddenValue` or not at all
 * (spec §5: a fiat currency drops blockchain_key and sends empty options).
 */
export function toPayload(r: Resource, values: FormValues, all: FormValues = values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    const f = r.fields[k];
    if (f && !meets(f.showWhen, all)) {
      if (f.hiddenValue !== undefined) out[k] = f.hiddenValue;
      continue;
    }
    if (f && disabledBy(r, k, all)) continue;
    if (f?.kind === 'map' && f.flags) { out[k] = parseFlags(String(v), f.fixedKeys ?? []); continue; }
    if (f?.kind === 'map') { out[k] = pairsToObject(String(v)); continue; }
    if (f?.kind === 'list') { out[k] = parseList(String(v)); continue; }
    if (f?.scale === 'percent' && v !== '') { out[k] = shiftDecimal(String(v), -2); continue; }
    if (f?.kind === 'datetime' && v !== '') { out[k] = parseShownDate(String(v)) ?? v; continue; }
    if (v === '' && f?.kind !== 'text' && f?.kind !== 'textarea') continue;
    // An optional text left blank is no value (an icon URL's pattern would refuse ''); a required one stays '' for its message.
    out[k] = v === '' && !f?.required ? null : v;
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
export function validateForm(r: Resource, mode: FormMode, values: FormValues, initial: FormValues, key?: unknown): Validated {
  if (mode === 'create') {
    const res = validateCreate(r, toInputNames(r, toPayload(r, values)));
    if (!res.ok) return { ok: false, messages: res.messages };
    const bounds = boundFailures(r, res.value);
    return bounds.length ? { ok: false, messages: Object.fromEntries(bounds.map((b) => [b.field, b.message])) } : { ok: true, body: toInputNames(r, res.value) };
  }
  const changes = changedValues(initial, values);
  // A required field blanked on edit is sent as '' so the struct reports it as empty, not as absent.
  const payload: Record<string, unknown> = { ...toInputNames(r, toPayload(r, changes, values)), [r.key]: key };
  for (const k of Object.keys(changes)) if (changes[k] === '' && r.fields[k].required) payload[inputNameOf(r, k)] = '';
  // A flags map sends only the switches flipped: the server merges them, so a switch someone else flipped meanwhile holds.
  for (const k of Object.keys(changes).filter((x) => r.fields[x]?.flags)) {
    const keys = r.fields[k]!.fixedKeys ?? [], before = parseFlags(String(initial[k]), keys), after = parseFlags(String(values[k]), keys);
    payload[inputNameOf(r, k)] = Object.fromEntries(keys.filter((x) => before[x] !== after[x]).map((x) => [x, after[x]]));
  }
  const res = validateUpdate(r, payload);
  if (!res.ok) return { ok: false, messages: res.messages };
  const bounds = boundFailures(r, { ...values, ...res.value });
  if (bounds.length) return { ok: false, messages: Object.fromEntries(bounds.map((b) => [b.field, b.message])) };
  const { [r.key]: _key, ...body } = res.value;
  return { ok: true, body: toInputNames(r, body) };
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
