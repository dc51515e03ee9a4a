/** One page of a resource's rows for a list state; stale answers are dropped when the state moves on. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toRequestQuery, type ListState } from '../../shared/list-query';
import { keyOf, type Resource } from '../../shared/resources/define';
import type { TotalKind } from '../api/http';
import { listRows, type Row } from '../api/resources';
import { notifyFailure } from '../state/toasts';

export interface ListData {
  rows: Row[];
  /** null when the service sends no Total header. */
  total: number | null;
  totalKind: TotalKind;
  /** The server's keyset cursors around this page (absent on lists that cannot seek). */
  nextCursor: string | null;
  prevCursor: string | null;
  loading: boolean;
  reload(): void;
  /** Replaces one row in place (a switch saved, a form closed) without a round trip. */
  patchRow(row: Row): void;
}

interface Page { rows: Row[]; total: number | null; totalKind: TotalKind; nextCursor: string | null; prevCursor: string | null }

const EMPTY: Page = { rows: [], total: null, totalKind: 'exact', nextCursor: null, prevCursor: null };

/** `fixed` parameters (a scoped list, e.g. one notification's recipients) go with every request. */
export function useListData(r: Resource, state: ListState, fixed?: Readonly<Record<string, string>>): ListData {
  const [page, setPage] = useState<Page>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const seq = useRef(0);
  const key = JSON.stringify({ ...toRequestQuery(state, r.service), ...fixed });

  useEffect(() => {
    const mine = ++seq.current;
    setLoading(true);
    listRows(r, JSON.parse(key))
      .then((res) => {
        if (mine !== seq.current) return;
        setPage({
          rows: res.rows, total: res.total, totalKind: res.totalKind ?? 'exact',
          nextCursor: res.nextCursor ?? null, prevCursor: res.prevCursor ?? null,
        });
      })
      .catch((err) => {
        if (mine !== seq.current) return;
        setPage({ ...EMPTY, total: 0 });
        notifyFailure(err);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [r, key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const patchRow = useCallback((row: Row) => setPage((p) => ({ ...p, rows: p.rows.map((x) => (keyOf(r, x) === keyOf(r, row) ? { ...x, ...row } : x)) })), [r]);
  return { ...page, loading, reload, patchRow };
}
