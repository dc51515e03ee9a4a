/**
 * The generic list of a resource: heading with the total, filter panel, AG Grid page, paginator, row
 * actions and (for modal resources) the add/edit modal. Everything a user can change here lives in
 * the URL; the keyboard reaches it through the active-list controller.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { pageCount } from '../../shared/list-query';
import type { Resource } from '../../shared/resources';
import { offers, type Row } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { DataGrid, type GridController, type GridRow } from '../components/grid/DataGrid';
import { HeaderActions, HeaderAddButton, HeaderFilterButton } from '../components/layout/header-slots';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { setActiveList } from '../keyboard/active-list';
import { columnsFor, type ColumnContext } from './columns';
import { FilterPanel, type FilterPanelHandle } from './FilterPanel';
import { ListModal } from './ListModal';
import { Pager } from './Pager';
import { formStyle, hasForm, newPath, rememberListUrl, rowPath } from './presentation';
import { useListData } from './use-list-data';
import { useListState } from './use-list-state';
import { useRowActions } from './use-row-actions';
import './resource-ui.css';

/** A list limited to one parent: its parameters go with every request, and the heading says which. */
export interface ListScope { params: Readonly<Record<string, string>>; label: string }

export function ListScreen({ resource: r, scope }: { resource: Resource; scope?: ListScope }) {
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const list = useListState(r);
  const { state } = list;
  const data = useListData(r, state, scope?.params);
  const actions = useRowActions(r, data);
  const activeFilters = Object.keys(state.filters).length;
  const [filterOpen, setFilterOpen] = useState(activeFilters > 0);
  const filterRef = useRef<FilterPanelHandle>(null);
  const grid = useRef<GridController>(null);

  useEffect(() => rememberListUrl(r, search ? `${path}?${search}` : path), [r, path, search]);

  const can = (op: 'create' | 'update' | 'delete') => offers(r, op) && ability.can(r.abilityFor[op], r.subject);
  const canEdit = can('update');
  const open = useCallback((row: GridRow) => {
    if (r.detail) { navigate(`/${r.detail.route ?? r.route}/${encodeURIComponent(String(row[r.detail.key]))}`); return; }
    if (!hasForm(r)) return;
    if (formStyle(r) === 'modal') list.openModal({ kind: 'edit', id: String(row.id) });
    else navigate(rowPath(r, row.id));
  }, [r, list, navigate]);

  const ctx = useMemo<ColumnContext>(() => ({
    switches: Object.fromEntries((r.actions ?? []).map((a) => [a.name, {
      allowed: offers(r, 'update') && ability.can(a.ability, r.subject, a.field),
      reason: reasonFor(a.ability, r.subject, a.field),
      onToggle: (row: Row, next: string) => actions.toggle(a, row, next),
    }])),
    actions: canEdit || can('delete') || (hasForm(r) && formStyle(r) === 'modal') ? {
      canEdit, canDelete: can('delete'), showDelete: offers(r, 'delete'),
      editReason: reasonFor(r.abilityFor.update, r.subject), deleteReason: reasonFor(r.abilityFor.delete, r.subject),
      onEdit: open, onDelete: actions.askDelete,
    } : undefined,
  }), [r, ability, canEdit, open]);
  const columns = useMemo(() => columnsFor(r, ctx), [r, ctx]);

  const pages = data.total === null ? Infinity : pageCount(data.total, state.limit);
  useEffect(() => setActiveList({
    resource: r,
    nextPage: () => { if (state.page < pages && !(data.total === null && data.rows.length < state.limit)) list.update({ page: state.page + 1 }); },
    prevPage: () => { if (state.page > 1) list.update({ page: state.page - 1 }); },
    focusFilter: () => {
      setFilterOpen(true);
      // The panel may mount in this very tick; focus once it is there.
      requestAnimationFrame(() => filterRef.current?.focusFirst());
    },
    moveRow: (d) => grid.current?.move(d),
    openFocused: () => { const row = grid.current?.focusedRow(); if (row) open(row); },
    deleteFocused: () => { const row = grid.current?.focusedRow(); if (row && can('delete')) actions.askDelete(row as Row); },
  }), [r, state, pages, data.total, data.rows.length, list, open]);

  const onKey = useCallback((row: GridRow, key: string, column: string) => {
    if (key === 'Delete' && offers(r, 'delete')) { if (can('delete')) actions.askDelete(row as Row); return true; }
    const sw = (r.actions ?? []).find((a) => r.columns.some((c) => c.field === column && c.format?.kind === 'switch' && c.format.action === a.name));
    if (key === ' ' && sw && ctx.switches[sw.name]?.allowed) {
      const on = String(row[sw.field]).toLowerCase() === sw.values[0];
      void actions.toggle(sw, row as Row, on ? sw.values[1] : sw.values[0]);
      return true;
    }
    return false;
  }, [r, ctx, actions]);

  const total = data.total === null ? null : `${data.estimated ? '≈ ' : ''}${data.total.toLocaleString('en-US')}`;
  return (
    <div className="page list-page">
      <HeaderActions>
        <HeaderFilterButton pressed={filterOpen} active={activeFilters} onPress={() => setFilterOpen((o) => !o)} />
        {can('create') && hasForm(r) && (
          <HeaderAddButton routeKey={r.route} entity={r.label}
            onPress={() => (formStyle(r) === 'modal' ? list.openModal({ kind: 'new' }) : navigate(newPath(r)))} />
        )}
      </HeaderActions>
      <div className="list-head">
        <h2 className="list-title">
          {total !== null && <span className="list-count" title={data.estimated ? 'Estimated total' : undefined}>{total}</span>}
          {r.labelPlural}
          {scope && <span className="list-scope"> · {scope.label}</span>}
        </h2>
        {data.loading && <span className="spinner spinner-sm" role="status" aria-label="Loading" />}
      </div>
      {filterOpen && <FilterPanel resource={r} applied={state.filters} onApply={list.setFilters} handleRef={filterRef} exclude={Object.keys(scope?.params ?? {})} />}
      <div className="list-card">
        <DataGrid label={r.labelPlural} columns={columns} rows={data.rows} loading={data.loading && data.rows.length === 0}
          sort={{ field: state.orderBy, ordering: state.ordering }} controllerRef={grid}
          onSort={(s) => list.update({ orderBy: s.field, ordering: s.ordering, page: 1 })} onOpen={open} onKey={onKey} />
        <Pager page={state.page} limit={state.limit} total={data.total} rowsOnPage={data.rows.length} estimated={data.estimated}
          onPage={(page) => list.update({ page })} onLimit={(limit) => list.update({ limit, page: 1 })} />
      </div>
      <ConfirmDialog isOpen={actions.confirming !== null} title="Are you sure?" confirmLabel="Delete" tone="danger"
        pending={actions.deleting} onConfirm={actions.confirmDelete} onCancel={actions.cancelDelete}>
        {r.label} #{actions.confirming?.id} will be deleted. This cannot be undone.
      </ConfirmDialog>
      {formStyle(r) === 'modal' && <ListModal resource={r} target={list.modal} rows={data.rows}
        onClose={() => list.openModal(null)} onSaved={() => { list.openModal(null); data.reload(); }} />}
    </div>
  );
}
