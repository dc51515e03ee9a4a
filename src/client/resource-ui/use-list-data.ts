/** One page of a resource's rows for a list state; stale answers are dropped when the state moves on. */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toRequestQuery, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources';
import { listRows, type Row } from '../api/resources';
import { notifyFailure } from '../state/toasts';

export interface ListData {
  rows: Row[];
  /** null when the service sends no Total header. */
  total: number | null;
  estimated: boolean;
  loading: boolean;
  reload(): void;
  /** Replaces one row in place (a switch saved, a form closed) without a round trip. */
  patchRow(row: Row): void;
}

/** `fixed` parameters (a scoped list, e.g. one notification's recipients) go with every request. */
export function useListData(r: Resource, state: ListState, fixed?: Readonly<Record<string, string>>): ListData {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [estimated, setEstimated] = useState(false);
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
        setRows(res.rows);
        setTotal(res.total);
        setEstimated(!!res.estimated);
      })
      .catch((err) => {
        if (mine !== seq.current) return;
        setRows([]);
        setTotal(0);
        notifyFailure(err);
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, [r, key, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const patchRow = useCallback((row: Row) => setRows((list) => list.map((x) => (x.id === row.id ? { ...x, ...row } : x))), []);
  return { rows, total, estimated, loading, reload, patchRow };
}
