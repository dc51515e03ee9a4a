/** Choices for a field that references another resource: its rows as key (or `by`) → name (first text column). */
import { useEffect, useMemo, useState } from 'react';
import type { FieldDef, Resource } from '../../shared/resources/define';
import { loadResource } from '../registry';
import { request } from '../api';
import { ApiError } from '../api/http';
import { listRows, SERVICE_OF } from '../api/resources';
import { t } from '../i18n';
import { display } from './format';

/** A choice; `disabled`: why it cannot be chosen (shown beside it, the option greyed out). */
export interface Option { value: string; label: string; disabled?: string }

/** Enum values as options, in declared order. */
export const enumOptions = (f: FieldDef): Option[] => (f.values ?? [])
  .map((v) => ({ value: v, label: f.valueLabels?.[v] ?? v.charAt(0).toUpperCase() + v.slice(1) }));


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

/** Every bundled country by English name, the ISO code as the value, once the table has loaded. */
let countries: Option[] | undefined;
const loadCountries = async (): Promise<Option[]> => (countries ??= (await import('../../shared/countries')).COUNTRIES
  .map((c) => ({ value: c.value, label: c.text })).sort((a, b) => a.label.localeCompare(b.label, 'en')));

/**
 * The countries picker of a field (`options: 'countries'`): its other values first (`all`, named by
 * `valueLabels`), then every country. The table (4 KB gzip) loads with the first country field shown, so a
 * list's first load goes without it; none for another field.
 */
export function useCountryOptions(f: FieldDef | undefined): Option[] {
  const wanted = f?.options === 'countries';
  const [list, setList] = useState(countries);
  useEffect(() => {
    if (!wanted || list) return;
    let live = true;
    loadCountries().then((c) => live && setList(c), () => { /* the field keeps its other values; the next one tries again */ });
    return () => { live = false; };
  }, [wanted, list]);
  return useMemo(() => (wanted
    ? [...(f.alsoAllowed ?? []).map((v) => ({ value: v, label: f.valueLabels?.[v] ?? v })), ...(list ?? [])]
    : []), [wanted, f, list]);
}

/**
 * The waits before asking again for a reference list that failed to load: a picker left empty by one busy
 * answer showed no choice and no reason (a market's engine picker, once, on a loaded CI host).
 */
export const REFERENCE_RETRY_MS = [500, 1_500, 4_000];

/**
 * The referenced rows as options. With `scope` (the field's `pickerScope` resolved against the form's
 * values: `{ service_type: 'sms' }`) only the rows that list filter returns, none while a value is blank.
 * The field's `picker` narrows them (its `filter`) and disables the ones the server would refuse, with the
 * refusal's words; `taken` values are disabled as `takenCode` says (a unique reference already used).
 */
export function useReferenceOptions(f: FieldDef | undefined, scope?: Readonly<Record<string, string>>,
  taken?: { values: ReadonlySet<string>; code: string }): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const target = f?.references;
  const by = f?.by;
  const scoped = scope ? JSON.stringify(scope) : '';
  useEffect(() => {
    if (!target) return;
    const filter: Record<string, string> = scoped ? JSON.parse(scoped) : {};
    if (Object.values(filter).some((v) => v === '')) { setOptions([]); return; }
    Object.assign(filter, f?.picker?.filter);
    const refusal = f?.picker?.refusal;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    // Loaded already with the referring resource on its routes (registry `needs`); here where a screen
    // imports the referring declaration itself (the user page's tabs).
    const attempt = (n: number) => loadResource(target)
      .then(async (r) => {
        const labelField = r.columns.find((c) => r.fields[c.field]?.kind === 'text')?.field ?? r.key;
        // The largest page every dialect allows; a reference list longer than that wants a search box instead.
        const res = await listRows(r, { page: 1, limit: 100, ordering: 'asc', order_by: r.orderBy, ...filter });
        if (!live) return;
        const now = new Date();
        setOptions(res.rows.map((row) => {
          const code = refusal?.(row, now);
          return { value: String(row[by ?? r.key]), label: display(row[labelField]), ...(code ? { disabled: t(code) } : {}) };
        }));
      })
      .catch((e: unknown) => {
        if (!live) return;
        // A busy server (503) or a dropped connection is asked again; a refusal (4xx) leaves the picker empty.
        const passing = !(e instanceof ApiError) || e.code >= 500;
        if (passing && n < REFERENCE_RETRY_MS.length) retry = setTimeout(() => attempt(n + 1), REFERENCE_RETRY_MS[n]);
        else setOptions([]);
      });
    attempt(0);
    return () => { live = false; clearTimeout(retry); };
  }, [target, by, scoped, f]);
  return useMemo(() => (taken?.values.size
    ? options.map((o) => (!o.disabled && taken.values.has(o.value) ? { ...o, disabled: t(taken.code) } : o))
    : options), [options, taken]);
}

/**
 * On create, the values of a `unique` reference field this resource's rows already hold (a token that has
 * its config): the first 100 rows, as the pickers read; the server's `<field>_taken` refusal stays the rule.
 */
export function useTakenValues(r: Resource, name: string, f: FieldDef | undefined, creating: boolean): { values: ReadonlySet<string>; code: string } | undefined {
  const [values, setValues] = useState<ReadonlySet<string>>(() => new Set());
  const asks = creating && !!f?.references && !!f.unique && !!r.endpoints.list;
  useEffect(() => {
    if (!asks) return;
    let live = true;
    listRows(r, { page: 1, limit: 100, ordering: 'asc', order_by: r.orderBy })
      .then((res) => live && setValues(new Set(res.rows.map((row) => String(row[name])))))
      .catch(() => { /* the server's refusal remains */ });
    return () => { live = false; };
  }, [asks, r, name]);
  return useMemo(() => (asks ? { values, code: `${r.errorPrefix}.${name}_taken` } : undefined), [asks, values, r.errorPrefix, name]);
}
