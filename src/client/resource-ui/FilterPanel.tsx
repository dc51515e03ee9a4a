/**
 * The definition's filters (spec §3 "Filter fields per list"). Edits are a draft until applied with
 * Enter or Apply; empty values are dropped and a date range is widened to whole UTC days by the shared
 * codec when the request is built.
 */
import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import type { Resource, ResolvedFilter } from '../../shared/resources/define';
import { enumOptions, useCountryOptions, useReferenceOptions } from './use-options';
import { formatPhone, isPhoneField, phoneDigits } from '../../shared/phone';

/**
 * `/` on a list: the first field takes the focus once the panel is there. The list counts its asks (state) and
 * the panel's own effect takes each one once, on its mount or on the next ask (`taken`, the list's ref, outlives
 * a panel closed and opened again by the mouse): the list focused it a frame after opening the panel, and on a
 * loaded machine the panel was not drawn yet by then (the focus stayed on the page).
 */
export interface FocusAsk { asked: number; taken: { current: number } }

interface Props {
  resource: Resource;
  applied: Record<string, string>;
  onApply(filters: Record<string, string>): void;
  /** The list's asks for the first field's focus (`/`). */
  focusAsk?: FocusAsk;
  /** Filters fixed by the screen (a scoped list): not offered in the panel. */
  exclude?: readonly string[];
  /** Escape in a field: the keyboard leaves the panel for the rows (the draft stays). */
  onLeave?(): void;
}

function FilterInput({ resource, filter, param, value, onChange, inputRef }: {
  resource: Resource; filter: ResolvedFilter; param: string; value: string;
  onChange(v: string): void; inputRef?: Ref<HTMLInputElement & HTMLSelectElement>;
}) {
  const f = resource.fields[filter.field];
  // Only a reference filter is a picker: a text field that names another row (a mining session's uid,
  // a reward's currency) stays typed, and must not fetch a page of users it would never show.
  const options = useReferenceOptions(f.kind === 'reference' ? f : undefined);
  const countries = useCountryOptions(f);
  const id = `filter-${resource.name}-${param}`;
  const label = filter.op === 'range' ? `${filter.label} ${param === 'from' ? 'from' : 'to'}` : filter.label;
  let control;
  if (f.kind === 'enum' || f.kind === 'reference' || f.options) {
    const opts = f.kind === 'enum' ? enumOptions(f) : f.options === 'countries' ? countries : options;
    control = (
      <select id={id} ref={inputRef} className="input input-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {opts.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
    );
  } else {
    const type = filter.op === 'range' ? 'date' : f.kind === 'id' || f.kind === 'number' ? 'number' : 'text';
    control = <input id={id} ref={inputRef} className="input input-sm" type={type} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />;
  }
  return (
    <div className="filter-field">
      <label className="field-label" htmlFor={id}>{label}</label>
      {control}
    </div>
  );
}

/** A phone filter shows the number the way every screen does ('+44…') and goes on the wire as its digits. */
const shownFilters = (applied: Record<string, string>) =>
  Object.fromEntries(Object.entries(applied).map(([k, v]) => [k, isPhoneField(k) ? formatPhone(v) : v]));
const wireFilter = (k: string, v: string) => (isPhoneField(k) ? phoneDigits(v) : v.trim());

export function FilterPanel({ resource, applied, onApply, focusAsk, exclude = [], onLeave }: Props) {
  const [draft, setDraft] = useState<Record<string, string>>(() => shownFilters(applied));
  const first = useRef<HTMLInputElement & HTMLSelectElement>(null);
  // Back/forward or a palette jump changes the URL under the panel: show what is applied.
  useEffect(() => setDraft(shownFilters(applied)), [applied]);
  const asked = focusAsk?.asked ?? 0;
  const taken = focusAsk?.taken;
  useEffect(() => {
    if (!taken || taken.current >= asked || !first.current) return;
    taken.current = asked;
    first.current.focus();
  }, [asked, taken]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, wireFilter(k, v)]).filter(([, v]) => v !== ''));
    onApply(clean);
  };
  const reset = () => { setDraft({}); onApply({}); };
  const params = resource.filtersResolved.flatMap((f) => f.params.filter((p) => !exclude.includes(p)).map((p) => ({ f, p })));

  return (
    <form className="filter-panel" role="search" aria-label={`Filter ${resource.labelPlural}`} onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !onLeave) return;
        e.preventDefault();
        (e.target as HTMLElement).blur?.();
        onLeave();
      }}>
      <div className="filter-fields">
        {params.map(({ f, p }, i) => (
          <FilterInput key={p} resource={resource} filter={f} param={p} value={draft[p] ?? ''}
            onChange={(v) => setDraft((d) => ({ ...d, [p]: v }))} inputRef={i === 0 ? first : undefined} />
        ))}
      </div>
      <div className="filter-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={reset}>Reset</button>
        <button type="submit" className="btn btn-primary btn-sm">Apply</button>
      </div>
    </form>
  );
}
