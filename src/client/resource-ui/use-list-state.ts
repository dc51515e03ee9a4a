/**
 * The list view kept in the URL (filters, sort, page, size, cursor) through the shared codec, so back,
 * refresh and a pasted link all restore the same view. Beside it ride the modal form's `new` / `edit` keys
 * and the row panel's `row` key (a read-only row shown beside the list).
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { decodeListState, encodeListState, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources/define';
import { listDefaults } from './presentation';
import { COLUMNS_PARAM } from '../../shared/saved-views';

/** The modal form's target, kept beside the list state (`?new=1`, `?edit=<id>`). */
export type ModalTarget = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/** A row's key in `?row=`: an id, or a uid for a list keyed by uid (the pending applications). */
const ROW_ID = /^(?:[1-9]\d{0,17}|[A-Za-z][A-Za-z0-9_-]{0,63})$/;

export interface ListStateApi {
  state: ListState;
  modal: ModalTarget;
  /** The id of the row shown in the side panel (`?row=<id>`), or null. */
  panel: string | null;
  /**
   * Pushes a history entry, so Back returns to the previous view. A patch that does not name a cursor
   * drops the current one: a cursor only means something for the page it was made for.
   */
  update(patch: Partial<ListState>): void;
  setFilters(filters: Record<string, string>): void;
  openModal(target: ModalTarget): void;
  /** Shows a row in the side panel (null closes it); `replace` moves the panel without a history entry. */
  openPanel(id: string | null, opts?: { replace?: boolean }): void;
}

export function useListState(r: Resource): ListStateApi {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const defaults = useMemo(() => listDefaults(r), [r]);
  const state = useMemo(() => decodeListState(search, defaults), [search, defaults]);
  const { modal, panel } = useMemo(() => {
    const q = new URLSearchParams(search);
    const row = q.get('row');
    const edit = q.get('edit');
    const target: ModalTarget = q.has('new') ? { kind: 'new' } : edit ? { kind: 'edit', id: edit } : null;
    return { modal: target, panel: row && ROW_ID.test(row) ? row : null };
  }, [search]);

  const go = useCallback((next: ListState, target: ModalTarget, row: string | null, replace = false) => {
    const q = new URLSearchParams(encodeListState(next, defaults));
    // The page's own tab (a list inside a row's or user's tab) stays where the list moves.
    const here = new URLSearchParams(window.location.search);
    const tab = here.get('tab');
    if (tab) q.set('tab', tab);
    // A saved view's columns stay while the view pages, sorts and filters.
    const columns = here.get(COLUMNS_PARAM);
    if (columns) q.set(COLUMNS_PARAM, columns);
    if (target?.kind === 'new') q.set('new', '1');
    if (target?.kind === 'edit') q.set('edit', target.id);
    if (row) q.set('row', row);
    const qs = q.toString();
    navigate(qs ? `${path}?${qs}` : path, { replace });
  }, [defaults, navigate, path]);

  return {
    state,
    modal,
    panel,
    update: (patch) => go({ ...state, cursor: undefined, ...patch }, modal, panel),
    // A new filter changes what page 1 is, so the view starts there.
    setFilters: (filters) => go({ ...state, filters, page: 1, cursor: undefined }, modal, null),
    openModal: (target) => go(state, target, panel),
    openPanel: (id, opts) => go(state, modal, id, opts?.replace),
  };
}
