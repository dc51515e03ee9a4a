/**
 * A read-only row beside its list (`?row=<id>`): every field the row carries, in full — the metadata and
 * user agent the columns cut short, nested records, dates in UTC with their exact ISO value. For rows that
 * open neither a form nor a detail page (activities, devices, service logs, ...). A row that is not on the
 * page on screen (a `#id` jump, a shared link) is fetched by id; the panel says so when there is none.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { keyOf, labelOf, type Resource } from '../../shared/resources/define';
import { listRows, type Row } from '../api/resources';
import { Icon } from '../components/ui/Icon';
import { amountParts, prettyJson, valueAt } from './format';
import '../components/grid/grid.css';
import { linkPath } from './presentation';
import { Timestamp } from '../components/ui/Timestamp';
import { Amount } from '../components/ui/Amount';

interface Props {
  resource: Resource;
  id: string;
  /** The rows on screen: the panel shows one of them without a request. */
  rows: readonly Row[];
  /** Parameters every request of this list carries (a scoped list). */
  fixed?: Readonly<Record<string, string>>;
  onClose(): void;
  /** The row's own page, linked from the panel (an approval queue's row, whose page has every action). */
  page?(row: Row): string;
}

type Loaded = { row: Row } | { missing: true } | { failed: true } | null;

function useRow(r: Resource, id: string, rows: readonly Row[], fixed?: Readonly<Record<string, string>>): Loaded {
  const onPage = rows.find((x) => String(keyOf(r, x)) === id);
  const [fetched, setFetched] = useState<{ id: string; loaded: Loaded }>({ id: '', loaded: null });
  useEffect(() => {
    if (onPage) return;
    let live = true;
    listRows(r, { ...fixed, id, page: 1, limit: 1 })
      .then((res) => live && setFetched({ id, loaded: res.rows[0] ? { row: res.rows[0] } : { missing: true } }))
      .catch(() => live && setFetched({ id, loaded: { failed: true } }));
    return () => { live = false; };
  }, [r, id, onPage, fixed]);
  if (onPage) return { row: onPage };
  return fetched.id === id ? fetched.loaded : null;
}

/** One value as the panel shows it: dates in UTC, JSON indented, nested records as their fields. */
export function Value({ r, field, value, row }: { r: Resource; field: string; value: unknown; row?: Row }) {
  const kind = r.fields[field]?.kind;
  // A column may name its emptiness (an adjustment's validator: 'Unvalidated').
  if (value === null || value === undefined || value === '') return <span className="row-panel-empty">{r.columns.find((c) => c.field === field)?.empty ?? '—'}</span>;
  if (kind === 'date' || kind === 'datetime' || /(^|_)at$/.test(field)) {
    return <Timestamp value={value} namedUtc />;
  }
  // A switch reads as one (issue 29 item 18: the bot's page showed raw true/false), read-only here.
  if (kind === 'boolean' && typeof value === 'boolean') {
    return (
      <span className="row-panel-switch">
        <span role="switch" aria-checked={value} aria-readonly="true" aria-label={labelOf(field, r.fields[field])}
          className={`cell-switch${value ? '' : ' is-off'}`}><span className="cell-switch-thumb" aria-hidden="true" /></span>
        {value ? 'On' : 'Off'}
      </span>
    );
  }
  // An amount as its list column shows it: thousands separators drawn, every place kept, its unit after it.
  if (kind === 'decimal') {
    const format = r.columns.find((c) => c.field === field)?.format;
    const a = amountParts(r.fields[field], value, row, format?.kind === 'decimal' ? format.unit : undefined);
    return <Amount value={a.amount} unit={a.unit} />;
  }
  const label = r.fields[field]?.valueLabels?.[String(value)];
  if (label) return <span className="row-panel-text" title={String(value)}>{label}</span>;
  const text = prettyJson(value);
  return text.includes('\n') ? <pre className="row-panel-pre">{text}</pre> : <span className="row-panel-text">{text}</span>;
}

/** A value whose list column is a link (an identity cell) links the same way here, for the keyboard. */
function Linked({ r, field, row, children }: { r: Resource; field: string; row: Row; children: ReactNode }) {
  const format = r.columns.find((c) => c.field === field)?.format;
  const to = format?.kind === 'link' ? linkPath(format.route, row[format.key]) : undefined;
  return to ? <Link className="cell-link" href={to}>{children}</Link> : <>{children}</>;
}

/** Declared fields first (their labels), then whatever else the row carries (a nested admin, target, ...). */
export function entries(r: Resource, row: Row): [string, string, unknown][] {
  const declared = Object.keys(r.fields).filter((k) => valueAt(row, k) !== undefined);
  const covered = new Set(declared.map((k) => k.split('.')[0]));
  const rest = Object.keys(row).filter((k) => !covered.has(k) && !r.fields[k]);
  return [
    ...declared.map((k): [string, string, unknown] => [k, labelOf(k, r.fields[k]), valueAt(row, k)]),
    ...rest.map((k): [string, string, unknown] => [k, labelOf(k), row[k]]),
  ];
}

export function RowPanel({ resource: r, id, rows, fixed, onClose, page }: Props) {
  const loaded = useRow(r, id, rows, fixed);
  return (
    <aside className="row-panel" aria-labelledby="row-panel-title"
      onKeyDown={(e) => { if (e.key === 'Escape') { e.preventDefault(); onClose(); } }}>
      <header className="row-panel-head">
        <h3 id="row-panel-title">{r.label} #{id}</h3>
        <button type="button" className="icon-btn" onClick={onClose} aria-label="Close details" title="Close (Esc)">
          <Icon name="close" size={16} />
        </button>
      </header>
      {loaded === null && <p className="row-panel-note" role="status">Loading…</p>}
      {loaded && 'missing' in loaded && <p className="row-panel-note" role="alert">No {r.label} with ID {id}.</p>}
      {loaded && 'failed' in loaded && <p className="row-panel-note" role="alert">This {r.label.toLowerCase()} could not be loaded.</p>}
      {loaded && 'row' in loaded && page && <p className="row-panel-note"><Link className="cell-link" href={page(loaded.row)}>Open its page</Link></p>}
      {loaded && 'row' in loaded && (
        <dl className="row-panel-fields">
          {entries(r, loaded.row).map(([key, label, value]) => (
            <div key={key} className="row-panel-field">
              <dt>{label}</dt>
              <dd><Linked r={r} field={key} row={loaded.row}><Value r={r} field={key} value={value} row={loaded.row} /></Linked></dd>
            </div>
          ))}
        </dl>
      )}
    </aside>
  );
}
