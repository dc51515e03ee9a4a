/**
 * The generic list of a resource: heading with the total, filter panel, AG Grid page, paginator, row
 * actions, the row panel for read-only rows and (for modal resources) the add/edit modal. Everything a user
 * can change here lives in the URL; the keyboard reaches it through the active-list controller.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { columnId, keyOf, toggleValue, type Resource } from '../../shared/resources/define';
import { offers, type Row } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { DataGrid, type GridController, type GridRow } from '../components/grid/DataGrid';
import { HeaderActions, HeaderAddButton, HeaderFilterButton } from '../components/layout/header-slots';
import { ListCalls } from './ListCalls';
import { ListUpload } from './ListUpload';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { setActiveList } from '../keyboard/active-list';
import { columnsFor, fitColumns, pickColumns, type ColumnContext } from './columns';
import { FilterPanel } from './FilterPanel';
import { ListModal } from './ListModal';
import { Pager } from './Pager';
import { pagingModel, totalText } from './paging';
import { canAdd, detailPath, formStyle, hasForm, linkPath, memberLinkOf, newPath, opensPanel, rememberListUrl, rowPath } from './presentation';
import { BESIDE_PANELS } from './beside-panels';
import { ExportButton, useListExport } from './ExportButton';
import { ViewsMenu } from './ViewsMenu';
import { ReviewBar } from './ReviewBar';
import { useReview } from './use-review';
import { columnsOf, viewOfSearch } from '../../shared/saved-views';
import { viewUrl } from '../state/saved-views';
import { useListData } from './use-list-data';
import { useLiveRows } from './use-live-rows';
import { NewRowsButton } from './NewRowsButton';
import { watchValues } from '../state/live-values';
import { ui } from '../state/ui';
import { useListState } from './use-list-state';
import { useRowActions } from './use-row-actions';
import { useRowFocus, viewKey } from './use-row-focus';
import { useWidth } from './use-width';
import './resource-ui.css';

// Parts a list shows now and then load when first shown: the row panel (Enter on a row; the focus stays on the
// row), bulk actions (a list whose filters offer one), a summary (the ledger's operations).
const RowPanel = lazy(() => import('./RowPanel').then((m) => ({ default: m.RowPanel })));
const BulkActions = lazy(() => import('./BulkActions').then((m) => ({ default: m.BulkActions })));
const ListSummary = lazy(() => import('./ListSummary').then((m) => ({ default: m.ListSummary })));

/** A list limited to one parent: its parameters go with every request, and the heading says which. */
export interface ListScope {
  params: Readonly<Record<string, string>>;
  label: string;
  /** Called after a bulk action changed rows, so the page around the list can refresh (a user's balances). */
  onChanged?(): void;
  /** Columns the scope makes redundant (a user's own e-mail on every row of their activities). */
  hide?: readonly string[];
  /** The page around the list changed what its rows may be (the user was updated): the page is read again. */
  revision?: number;
}

export function ListScreen({ resource: r, scope: given }: { resource: Resource; scope?: ListScope }) {
  // A list's fixed parameters (the withdrawal queue's state) work as a scope of its own.
  const scope = useMemo<ListScope | undefined>(() => (r.list.fixed ? { label: '', ...given, params: { ...r.list.fixed, ...given?.params } } : given), [r, given]);
  const ability = useAbility();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const list = useListState(r);
  const { state } = list;
  const data = useListData(r, state, scope?.params);
  const actions = useRowActions(r, data);
  // The view's export (every page, these filters and columns), from the header button or the palette.
  // A saved view's columns (`?columns=`): the grid and the export show those, in that order.
  const shownColumns = useMemo(() => columnsOf(r, search), [r, search]);
  const exp = useListExport(r, state, scope?.params, shownColumns);
  const [viewsOpen, setViewsOpen] = useState(false);
  // A bulk action's confirmation, opened by its button or by the palette (`?bulk=<name>`).
  const bulkParam = new URLSearchParams(search).get('bulk');
  const [bulkOpen, setBulkOpen] = useState<string | null>(bulkParam);
  useEffect(() => { if (bulkParam) setBulkOpen(bulkParam); }, [bulkParam]);
  const activeFilters = Object.keys(state.filters).length;
  const [filterOpen, setFilterOpen] = useState(activeFilters > 0);
  const [focusAsked, setFocusAsked] = useState(0);
  const focusTaken = useRef(0);
  const grid = useRef<GridController>(null);
  const rememberFocus = useRowFocus(viewKey(path, search), data.rows, data.loading, grid);

  useEffect(() => rememberListUrl(r, search ? `${path}?${search}` : path), [r, path, search]);

  const can = (op: 'create' | 'update' | 'delete') => offers(r, op) && ability.can(r.abilityFor[op], r.subject);
  // A row its state keeps (deletableWhen): its Delete stays disabled, with the reason.
  const deletable = (row: Row) => can('delete') && (!r.deletableWhen || r.deletableWhen.in.includes(row[r.deletableWhen.field] as string | boolean));
  const canEdit = can('update');
  const open = useCallback((row: GridRow) => {
    const detail = detailPath(r, row);
    if (detail) { navigate(detail); return; }
    if (opensPanel(r)) { list.openPanel(String(keyOf(r, row))); return; }
    if (formStyle(r) === 'modal') list.openModal({ kind: 'edit', id: String(keyOf(r, row)) });
    else navigate(rowPath(r, keyOf(r, row)));
  }, [r, list, navigate]);

  const ctx = useMemo<ColumnContext>(() => ({
    switches: Object.fromEntries((r.actions ?? []).map((a) => [a.name, {
      // A switch with a call of its own (an e-mail notification's POST {id, enabled}) needs no update call.
      allowed: (a.endpoint !== undefined || offers(r, 'update')) && ability.can(a.ability, r.subject, a.field),
      reason: reasonFor(a.ability, r.subject, a.field),
      onToggle: (row: Row, next: string) => actions.toggle(a, row, next),
    }])),
    actions: canEdit || can('delete') || (hasForm(r) && formStyle(r) === 'modal') ? {
      canEdit, canDelete: can('delete'), showDelete: offers(r, 'delete'), deletable,
      editReason: reasonFor(r.abilityFor.update, r.subject),
      deleteReason: can('delete') ? r.deletableReason ?? 'This row cannot be deleted now' : reasonFor(r.abilityFor.delete, r.subject),
      onEdit: open, onDelete: actions.askDelete,
    } : undefined,
  }), [r, ability, canEdit, open]);
  const review = useReview(r, useCallback(() => grid.current, []), data.reload);
  // An approval queue under keyboard review opens the focused row beside the list on Enter (a split
  // pane that follows j/k), so the reviewer reads and decides without leaving the queue.
  const beside = useCallback((row: GridRow) => list.openPanel(String(keyOf(r, row))), [r, list]);
  const fitted = useRef(new Map<string, number>());
  const [card, width] = useWidth<HTMLDivElement>();
  const rowIdOf = useCallback((row: Row) => String(keyOf(r, row)), [r]);
  // Local times are wider (their zone's name): the columns are sized again when the preference changes.
  const { time } = useSnapshot(ui);
  const columns = useMemo(() => {
    return fitColumns(r, pickColumns(r, columnsFor(r, ctx), shownColumns, scope?.hide), data.rows, fitted.current, width);
  }, [r, ctx, data.rows, width, shownColumns, time, scope?.hide]);
  // The first revision is the page's load, which the list's own first request already follows.
  const revision = useRef(scope?.revision);
  useEffect(() => {
    if (revision.current === scope?.revision) return;
    revision.current = scope?.revision;
    data.reload();
  }, [scope?.revision, data.reload]);

  const paging = pagingModel({ ...state, total: data.total, totalKind: data.totalKind, rowsOnPage: data.rows.length,
    nextCursor: data.nextCursor, prevCursor: data.prevCursor });
  // Realtime (LiveDecl): rows updated and added without moving the list; per-row live values for the columns.
  const goLive = useCallback((patch: Parameters<typeof list.update>[0]) => { list.update(patch); data.reload(); }, [list, data.reload]);
  const live = useLiveRows({ resource: r, state, fixed: scope?.params, data, atEnd: !paging.next, grid, go: goLive });
  const valuesStream = r.live?.values?.stream;
  useEffect(() => (valuesStream ? watchValues(valuesStream) : undefined), [valuesStream]);
  // With the panel open, the row focus drives it: j/k or the arrows show the next row's details.
  const onFocusRow = useCallback((f: { id: string; index: number }) => {
    rememberFocus(f);
    if (list.panel && list.panel !== f.id) list.openPanel(f.id, { replace: true });
  }, [rememberFocus, list]);
  const closePanel = useCallback(() => {
    const id = list.panel;
    list.openPanel(null);
    if (id) requestAnimationFrame(() => grid.current?.focusRow(id));
  }, [list]);

  const memberLink = useMemo(() => memberLinkOf(r), [r]);
  useEffect(() => setActiveList({
    resource: r,
    nextPage: () => { if (paging.next) list.update(paging.next); },
    prevPage: () => { if (paging.prev) list.update(paging.prev); },
    focusFilter: () => {
      setFilterOpen(true);
      // The panel takes it once drawn (FilterPanel's FocusAsk).
      setFocusAsked((n) => n + 1);
    },
    moveRow: (d) => grid.current?.move(d),
    openFocused: () => { const row = grid.current?.focusedRow(); if (row) (review ? beside : open)(row); },
    ...(memberLink ? { openFocusedMember: () => { const to = linkPath(memberLink.route, grid.current?.focusedRow()?.[memberLink.key]); if (to) navigate(to); } } : {}),
    deleteFocused: () => { const row = grid.current?.focusedRow(); if (row && deletable(row as Row)) actions.askDelete(row as Row); },
    setPageSize: (limit) => list.update({ limit, page: 1 }),
    reload: data.reload,
    exportView: exp.start,
    ...(given ? {} : { openViews: () => setViewsOpen(true) }),
    ...(review ? { review: { accept: review.accept, reject: review.reject, undo: review.undo } } : {}),
  }), [r, given, state, paging.next, paging.prev, list, open, beside, data.reload, exp.start, navigate, memberLink, review]);

  const onKey = useCallback((row: GridRow, key: string, column: string) => {
    if (key === 'Delete' && offers(r, 'delete')) { if (deletable(row as Row)) actions.askDelete(row as Row); return true; }
    if (key === 'Escape' && list.panel) { closePanel(); return true; }
    const sw = (r.actions ?? []).find((a) => r.columns.some((c) => columnId(c) === column && c.format?.kind === 'switch' && c.format.action === a.name));
    if (key === ' ' && sw && ctx.switches[sw.name]?.allowed) {
      const on = String(toggleValue(sw, row)).toLowerCase() === sw.values[0];
      void actions.toggle(sw, row as Row, on ? sw.values[1] : sw.values[0]);
      return true;
    }
    return false;
  }, [r, ctx, actions, list.panel, closePanel]);

  const Beside = BESIDE_PANELS[r.name];
  const total = data.total === null ? null : totalText(data.total, data.totalKind);
  const totalTitle = data.totalKind === 'estimated' ? 'Estimated total' : data.totalKind === 'at-least' && total ? `More than ${total.slice(0, -1)} rows match: narrow the filter for an exact count` : undefined;
  return (
    <div className="page list-page">
      <HeaderActions>
        <HeaderFilterButton pressed={filterOpen} active={activeFilters} onPress={() => setFilterOpen((o) => !o)} />
        <ListCalls resource={r} onDone={() => data.reload()} />
        {/* A list inside a page's tab (a user's orders) is that page's view, not one to save on its own. */}
        {!given && <ViewsMenu resource={r} current={viewOfSearch(r, search)} open={viewsOpen} onOpenChange={setViewsOpen}
          onOpenView={(v) => navigate(viewUrl(r, v))} />}
        <ExportButton exp={exp} />
        <ListUpload resource={r} onDone={() => data.reload()} />
        {can('create') && canAdd(r) && (
          <HeaderAddButton routeKey={r.route} entity={r.label}
            onPress={() => (formStyle(r) === 'modal' ? list.openModal({ kind: 'new' }) : navigate(newPath(r)))} />
        )}
      </HeaderActions>
      {!!r.bulk?.length && <Suspense fallback={null}><BulkActions resource={r} state={state} fixed={scope?.params} total={data.total} open={bulkOpen}
        onOpen={(name) => { setBulkOpen(name); if (!name && bulkParam) list.update({}); }}
        onDone={(b) => {
          const then = b.then ?? {};
          const { page, limit, ordering, ...filters } = then;
          list.update({ filters, page: Number(page ?? 1), ...(limit ? { limit: Number(limit) } : {}), ...(ordering === 'asc' || ordering === 'desc' ? { ordering } : {}) });
          data.reload();
          scope?.onChanged?.();
        }} /></Suspense>}
      <div className="list-head">
        <h2 className="list-title">
          {total !== null && <span className="list-count" title={totalTitle}>{total}</span>}
          {r.labelPlural}
          {scope?.label && <span className="list-scope"> · {scope.label}</span>}
        </h2>
        {data.loading && <span className="spinner spinner-sm" role="status" aria-label="Loading" />}
        {r.live?.rows && <NewRowsButton live={live} />}
      </div>
      {review && <ReviewBar review={review} />}
      {r.list.summary && <Suspense fallback={null}><ListSummary resource={r} filters={{ ...state.filters, ...scope?.params }} /></Suspense>}
      {filterOpen && <FilterPanel resource={r} applied={state.filters} onApply={list.setFilters} focusAsk={{ asked: focusAsked, taken: focusTaken }}
        exclude={Object.keys(scope?.params ?? {})} onLeave={() => grid.current?.move(0)} />}
      <div className="list-body">
        <div className="list-card" ref={card}>
          <DataGrid label={r.labelPlural} columns={columns} rows={data.rows} loading={data.loading && data.rows.length === 0}
            sort={{ field: state.orderBy, ordering: state.ordering }} controllerRef={grid}
            onSort={(s) => list.update({ orderBy: s.field, ordering: s.ordering, page: 1 })} onOpen={open} onEnter={review ? beside : undefined} onKey={onKey}
            onFocusRow={onFocusRow} rowId={rowIdOf} />
          <Pager page={state.page} limit={state.limit} total={data.total} totalKind={data.totalKind} rowsOnPage={data.rows.length}
            model={paging} onMove={(move) => list.update(move)} onLimit={(limit) => list.update({ limit, page: 1 })} />
        </div>
        {list.panel && (
          <Suspense fallback={<aside className="row-panel"><p className="row-panel-note" role="status">Loading…</p></aside>}>
            {Beside ? <Beside id={list.panel} onClose={closePanel} review={review} />
              : <RowPanel resource={r} id={list.panel} rows={data.rows} fixed={scope?.params} onClose={closePanel}
                page={review ? (row) => detailPath(r, row) ?? rowPath(r, keyOf(r, row)) : undefined} />}
          </Suspense>
        )}
      </div>
      <ConfirmDialog isOpen={actions.confirming !== null} title={actions.overrule?.def.title ?? 'Are you sure?'}
        confirmLabel={actions.overrule?.def.confirm ?? 'Delete'} tone="danger"
        pending={actions.deleting} onConfirm={actions.confirmDelete} onCancel={actions.cancelDelete}>
        {actions.overrule ? actions.overrule.message
          : <>{r.label} #{actions.confirming && String(keyOf(r, actions.confirming))} will be deleted. This cannot be undone.</>}
      </ConfirmDialog>
      {formStyle(r) === 'modal' && <ListModal resource={r} target={list.modal} rows={data.rows}
        onClose={() => list.openModal(null)} onSaved={() => { list.openModal(null); data.reload(); }} />}
    </div>
  );
}
