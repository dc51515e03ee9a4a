/** Choices for a field that references another resource: its rows as key (or `by`) → name (first text column). */
import { useEffect, useState } from 'react';
import { COUNTRIES } from '../../shared/countries';
import { resourceNamed, type FieldDef, type Resource } from '../../shared/resources';
import { request } from '../api';
import { listRows, SERVICE_OF } from '../api/resources';
import { display } from './format';

export interface Option { value: string; label: string }

/** Enum values as options, in declared order. */
export const enumOptions = (f: FieldDef): Option[] => (f.values ?? [])
  .map((v) => ({ value: v, label: f.valueLabels?.[v] ?? v.charAt(0).toUpperCase() + v.slice(1) }));

/** Every bundled country by English name, the ISO code as the value (the dashboard's picker, as options). */
export const countryOptions: Option[] = [...COUNTRIES].sort((a, b) => a.text.localeCompare(b.text, 'en'))
  .map((c) => ({ value: c.value, label: c.text }));

/** Choices a call answers (`choicesFrom`: the node clients, the member groups), as options; the fallback until then. */
export function useCallOptions(r: Resource, f: FieldDef | undefined): Option[] {
  const from = f?.choicesFrom;
  const [options, setOptions] = useState<Option[]>(() => (from?.fallback ?? []).map((v) => ({ value: v, label: v })));
  useEffect(() => {
    if (!from) return;
    let live = true;
    request<unknown>(SERVICE_OF[r.service], 'GET', from.path)
      .then((list) => live && Array.isArray(list) && setOptions(list.map(String).map((v) => ({ value: v, label: v }))))
      .catch(() => { /* the fallback stays */ });
    return () => { live = false; };
  }, [r.service, from]);
  return options;
}

/** The countries picker of a field: its other values first (`all`, named by `valueLabels`), then every country. */
export const countryFieldOptions = (f: FieldDef): Option[] => [
  ...(f.alsoAllowed ?? []).map((v) => ({ value: v, label: f.valueLabels?.[v] ?? v })), ...countryOptions,
];

/**
 * The referenced rows as options. With `scope` (the field's `pickerScope` resolved against the form's
 * values: `{ service_type: 'sms' }`) only the rows that list filter returns, none while a value is blank.
 */
export function useReferenceOptions(f: FieldDef | undefined, scope?: Readonly<Record<string, string>>): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const target = f?.references;
  const by = f?.by;
  const scoped = scope ? JSON.stringify(scope) : '';
  useEffect(() => {
    if (!target) return;
    const filter: Record<string, string> = scoped ? JSON.parse(scoped) : {};
    if (Object.values(filter).some((v) => v === '')) { setOptions([]); return; }
    const r = resourceNamed(target);
    const labelField = r.columns.find((c) => r.fields[c.field]?.kind === 'text')?.field ?? r.key;
    let live = true;
    // The largest page every dialect allows; a reference list longer than that wants a search box instead.
    listRows(r, { page: 1, limit: 100, ordering: 'asc', order_by: r.orderBy, ...filter })
      .then((res) => live && setOptions(res.rows.map((row) => ({ value: String(row[by ?? r.key]), label: display(row[labelField]) }))))
      .catch(() => live && setOptions([]));
    return () => { live = false; };
  }, [target, by, scoped]);
  return options;
}
