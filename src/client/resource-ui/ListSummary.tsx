/**
 * A list's summary table (ListDecl.summary): the answer of a call of the list's service, given the
 * list's filters, above the grid — the ledger's totals per currency over the operations list, where a
 * non-zero "assets + expenses − liabilities − revenues" would be a breach and is marked as one.
 */
import { useEffect, useState } from 'react';
import type { Resource } from '../../shared/resources/define';
import { request } from '../api/http';
import { SERVICE_OF } from '../api/resources';

type Row = Record<string, unknown>;

const isZero = (v: unknown) => /^-?0*(\.0*)?$/.test(String(v ?? ''));

export function ListSummary({ resource: r, filters }: { resource: Resource; filters: Readonly<Record<string, string>> }) {
  const summary = r.list.summary;
  const [rows, setRows] = useState<Row[] | null>(null);
  const query = JSON.stringify(filters);
  useEffect(() => {
    if (!summary) return;
    let live = true;
    request<Row[]>(SERVICE_OF[r.service], 'GET', summary.path, { query: JSON.parse(query) })
      .then((res) => { if (live) setRows(Array.isArray(res) ? res : []); })
      .catch(() => { if (live) setRows(null); });
    return () => { live = false; };
  }, [r, summary, query]);
  if (!summary || !rows?.length) return null;
  const last = summary.columns[summary.columns.length - 1]!.field;
  return (
    <section className="list-summary card" aria-label={summary.label}>
      <h3 className="list-summary-title">{summary.label}</h3>
      <table className="list-summary-table">
        <thead><tr>{summary.columns.map((c) => <th key={c.field} scope="col">{c.label}</th>)}</tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[summary.key])}>
              {summary.columns.map((c) => (
                <td key={c.field} className={c.field === last ? (isZero(row[c.field]) ? 'summary-ok' : 'summary-breach') : undefined}>
                  {c.field === last && isZero(row[c.field]) ? '0 ✓' : String(row[c.field] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
