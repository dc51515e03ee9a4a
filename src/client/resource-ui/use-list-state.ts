/**
 * The list view kept in the URL (filters, sort, page, size) through the shared codec, so back,
 * refresh and a pasted link all restore the same view. The modal form's `new` / `edit` keys ride
 * along in the same query string.
 */
import { useCallback, useMemo } from 'react';
import { useLocation, useSearch } from 'wouter';
import { decodeListState, encodeListState, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources';
import { listDefaults } from './presentation';

/** The modal form's target, kept beside the list state (`?new=1`, `?edit=<id>`). */
export type ModalTarget = { kind: 'new' } | { kind: 'edit'; id: string } | null;

export interface ListStateApi {
  state: ListState;
  modal: ModalTarget;
  /** Pushes a history entry, so Back returns to the previous view. */
  update(patch: Partial<ListState>): void;
  setFilters(filters: Record<string, string>): void;
  openModal(target: ModalTarget): void;
}

export function useListState(r: Resource): ListStateApi {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const defaults = useMemo(() => listDefaults(r), [r]);
  const state = useMemo(() => decodeListState(search, defaults), [search, defaults]);
  const modal = useMemo<ModalTarget>(() => {
    const q = new URLSearchParams(search);
    if (q.has('new')) return { kind: 'new' };
    const id = q.get('edit');
    return id ? { kind: 'edit', id } : null;
  }, [search]);

  const go = useCallback((next: ListState, target: ModalTarget) => {
    const q = new URLSearchParams(encodeListState(next, defaults));
    if (target?.kind === 'new') q.set('new', '1');
    if (target?.kind === 'edit') q.set('edit', target.id);
    const qs = q.toString();
    navigate(qs ? `${path}?${qs}` : path);
  }, [defaults, navigate, path]);

  return {
    state,
    modal,
    update: (patch) => go({ ...state, ...patch }, modal),
    // A new filter changes what page 1 is, so the view starts there.
    setFilters: (filters) => go({ ...state, filters, page: 1 }, modal),
    openModal: (target) => go(state, target),
  };
}
