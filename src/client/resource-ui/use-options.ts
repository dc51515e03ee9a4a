/** Choices for a `reference` field: the referenced resource's rows as id → name (first text column). */
import { useEffect, useState } from 'react';
import { COUNTRIES } from '../../shared/countries';
import { resourceNamed, type FieldDef } from '../../shared/resources';
import { listRows } from '../api/resources';
import { display } from './format';

export interface Option { value: string; label: string }

/** Enum values as options, in declared order. */
export const enumOptions = (f: FieldDef): Option[] => (f.values ?? []).map((v) => ({ value: v, label: v.charAt(0).toUpperCase() + v.slice(1) }));

/** Every bundled country by English name, the ISO code as the value (the dashboard's picker, as options). */
export const countryOptions: Option[] = [...COUNTRIES].sort((a, b) => a.text.localeCompare(b.text, 'en'))
  .map((c) => ({ value: c.value, label: c.text }));

export function useReferenceOptions(f: FieldDef | undefined): Option[] {
  const [options, setOptions] = useState<Option[]>([]);
  const target = f?.kind === 'reference' ? f.references : undefined;
  useEffect(() => {
    if (!target) return;
    const r = resourceNamed(target);
    const labelField = r.columns.find((c) => r.fields[c.field]?.kind === 'text')?.field ?? 'id';
    let live = true;
    // The largest page every dialect allows; a reference list longer than that wants a search box instead.
    listRows(r, { page: 1, limit: 100, ordering: 'asc', order_by: r.orderBy })
      .then((res) => live && setOptions(res.rows.map((row) => ({ value: String(row.id), label: display(row[labelField]) }))))
      .catch(() => live && setOptions([]));
    return () => { live = false; };
  }, [target]);
  return options;
}
