/**
 * One log tab of the user detail: a registry resource's list narrowed to this user by a fixed `uid`
 * filter. The generic ListScreen keeps its whole state in the page URL and cannot take a fixed
 * filter, so this is a compact table over the same definition (columns, formats, endpoint, defaults)
 * with the engine's paginator.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { ColumnDef, Resource } from '../../../shared/resources';
import { labelOf } from '../../../shared/resources';
import { fetchUserLog } from '../../api/users';
import type { ListResult } from '../../api/http';
import { Pager } from '../../resource-ui/Pager';
import { pagingModel, type PageMove } from '../../resource-ui/paging';
import { display, truncate, valueAt } from '../../resource-ui/format';
import { formatPhone, isPhoneField } from '../../../shared/phone';
import { notifyFailure } from '../../state/toasts';
import { userDetail } from '../../state/user-detail';
import { Timestamp } from '../../components/ui/Timestamp';

type Row = Record<string, unknown>;

const SERVICE = { barong: 'auth', peatio: 'exchange', applogic: 'applogic' } as const;


function Cell({ column, value }: { column: ColumnDef; value: unknown }) {
  const f = column.format;
  if (f?.kind === 'date') return <span className="u-nowrap"><Timestamp value={value} /></span>;
  if (f?.kind === 'badge') {
    const v = display(value).toLowerCase();
    const known = v in f.colours;
    const tone = known ? f.colours[v] : f.fallback?.colour ?? 'grey';
    return <span className={`u-badge u-badge-${tone}`}>{known ? f.labels?.[v] ?? display(value) : f.fallback?.label ?? display(value)}</span>;
  }
  if (isPhoneField(column.field)) return <>{formatPhone(value)}</>;
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : display(value);
  if (f?.kind === 'truncate') return <span title={text.length > f.length ? text : undefined}>{truncate(text, f.length)}</span>;
  return <>{text}</>;
}

export function UserLogTab({ resource: r, hide, uid }: { resource: Resource; hide: readonly string[]; uid: string }) {
  const { revision } = useSnapshot(userDetail);
  const [{ page, cursor }, setPosition] = useState<PageMove>({ page: 1 });
  const [limit, setLimit] = useState<number>(r.list.pageSize);
  const [data, setData] = useState<ListResult<Row> | null>(null);
  const [loading, setLoading] = useState(true);
  const columns = r.columns.filter((c) => !hide.includes(c.field));
  const path = r.endpoints.list!.path;

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchUserLog(SERVICE[r.service], path, { uid, page, limit, ordering: r.list.ordering, order_by: r.orderBy, cursor })
      .then((res) => { if (live) setData(res); })
      .catch((err) => { if (live) { setData({ rows: [], total: 0, page, perPage: limit }); notifyFailure(err); } })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [r, path, uid, page, cursor, limit, revision]);

  const rows = data?.rows ?? [];
  return (
    <div className="u-card u-log" aria-busy={loading}>
      <div className="u-table-wrap">
        <table className="u-table">
          <caption className="sr-only">{r.labelPlural}</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c.field} scope="col">{c.label ?? labelOf(c.field, r.fields[c.field])}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={String(row.id ?? row.uid ?? i)}>
                {columns.map((c) => (
                  <td key={c.field}>
                    {r.name === 'referrals' && c.field === 'uid'
                      ? <Link className="u-link u-mono" href={`/user-directory/${encodeURIComponent(String(row.uid))}`}>{String(row.uid)}</Link>
                      : <Cell column={c} value={valueAt(row, c.field)} />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {!loading && rows.length === 0 && <p className="u-empty" role="status">No Record Found</p>}
        {loading && rows.length === 0 && <p className="u-empty" role="status">Loading…</p>}
      </div>
      <Pager page={page} limit={limit} total={data?.total ?? null} totalKind={data?.totalKind ?? 'exact'} rowsOnPage={rows.length}
        model={pagingModel({ page, limit, cursor, total: data?.total ?? null, totalKind: data?.totalKind ?? 'exact', rowsOnPage: rows.length,
          nextCursor: data?.nextCursor, prevCursor: data?.prevCursor })}
        onMove={setPosition} onLimit={(n) => { setLimit(n); setPosition({ page: 1 }); }} />
    </div>
  );
}
