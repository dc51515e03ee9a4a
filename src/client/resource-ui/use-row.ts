/**
 * One row of a resource by its key, for a page of its own (the form page, the read-only view): loaded on
 * mount and when `reload` is called; a row that cannot be loaded says why and returns to the list. The
 * row is published as the record on screen (state/on-screen.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Resource } from '../../shared/resources/define';
import { getRow, type Row } from '../api/resources';
import { notifyFailure } from '../state/toasts';
import { listUrl } from './presentation';
import { useOnScreen } from '../state/on-screen';

export function useRow(r: Resource, id: string | null) {
  const [, navigate] = useLocation();
  const [row, setRow] = useState<Row | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    getRow(r, id).then((x) => live && setRow(x)).catch((err) => {
      if (!live) return;
      notifyFailure(err);
      navigate(listUrl(r), { replace: true });
    });
    return () => { live = false; };
  }, [r, id, navigate, reloads]);
  const reload = useCallback(() => setReloads((n) => n + 1), []);
  // A row's page is its record on screen: the palette's commands take it as their default.
  useOnScreen(r.name, id, row);
  return { row, setRow, reload };
}
