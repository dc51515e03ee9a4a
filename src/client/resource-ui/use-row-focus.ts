/**
 * The row focus survives what takes it away: Back from a row's page, a dialog that confirmed (and reloaded
 * the page under it), a reload of the same view. The last focused row is remembered per list view (the URL
 * without the panel and modal keys); when rows arrive and nothing else holds the focus, it goes back to that
 * row — or to the row now at its place, when it is gone — so the next j continues from there, not row 1.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import type { FocusedRow, GridController } from '../components/grid/DataGrid';

const memory = new Map<string, FocusedRow>();

/** Forgets every remembered row: a session's places are not the next session's (called on sign-out). */
export function forgetRowFocus(): void { memory.clear(); }

/** The view a focus belongs to: the list's path and state, not its side panel or modal. */
export function viewKey(path: string, search: string): string {
  const q = new URLSearchParams(search);
  for (const k of ['row', 'new', 'edit']) q.delete(k);
  return `${path}?${q}`;
}

/** Nothing on the page holds the focus (it fell back to the body, or the page's main area after navigation). */
const focusIsFree = () => {
  const a = document.activeElement;
  return !a || a === document.body || a.id === 'main';
};

export function useRowFocus(view: string, rows: readonly unknown[], loading: boolean, grid: RefObject<GridController | null>) {
  const remember = useCallback((focus: FocusedRow) => { memory.set(view, focus); }, [view]);

  // After each load of this view's rows: put the remembered focus back if the page left it nowhere.
  useEffect(() => {
    if (loading || rows.length === 0) return;
    const last = memory.get(view);
    if (!last) return;
    // AG Grid draws the new rows in a later frame, and a focused row that left is taken out of the page
    // then: look each frame (120 at most) until the rows are there and nothing holds the focus.
    let frames = 0, handle = 0;
    const attempt = () => {
      if ((focusIsFree() && grid.current?.focusRow(last.id, last.index)) || ++frames > 120) return;
      handle = requestAnimationFrame(attempt);
    };
    handle = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(handle);
  }, [view, rows, loading, grid]);

  return remember;
}
