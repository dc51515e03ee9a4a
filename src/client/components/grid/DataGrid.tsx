/**
 * One page of rows in AG Grid, driven from the keyboard: arrows (AG Grid's own) and j/k through the
 * controller move the row focus, Enter opens the focused row, other keys go to `onKey`. Tab enters the
 * grid once and leaves it on the next press (the page's controls come after it, not 200 cells). Sorting
 * is the server's: the header arrows only report the wish through `onSort`, rows keep the order sent.
 */
import { useCallback, useImperativeHandle, useMemo, useRef, type KeyboardEvent as ReactKeyboardEvent, type Ref } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellFocusedEvent, CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, GetRowIdParams, GridApi, IRowNode, ModelUpdatedEvent,
  RowClickedEvent, SortChangedEvent,
} from 'ag-grid-community';
import './modules';
import { gridTheme } from './theme';
import './grid.css';

export type GridRow = Record<string, unknown>;

export interface GridSort { field: string; ordering: 'asc' | 'desc' }

/** What the list's keyboard commands drive (j/k, Enter from the palette). */
export interface GridController {
  /**
   * Moves the focused row by `delta`, focusing the first row when none is focused yet; false when it
   * stayed (the last row, one down). A move is the user's: the row it reaches is landed on (`landedRow`).
   */
  move(delta: number): boolean;
  focusedRow(): GridRow | undefined;
  /**
   * The focused row if the user landed on it: not one the focus fell to because the row after it was gone
   * (the last row decided, or deleted, and no row took its place), which a decision key must not act on.
   */
  landedRow(): GridRow | undefined;
  /** The focused row stays, but is no longer landed on: the next decision needs a move first. */
  unland(): void;
  /** Focuses the row with this id, or the row at `fallbackIndex` when it is gone; false when neither is there. */
  focusRow(id: string, fallbackIndex?: number): boolean;
  /**
   * The user rests at the top: no row below the first holds the focus and the rows are not scrolled, so
   * rows added above would move nothing the user is looking at.
   */
  atTop(): boolean;
}

/** Where the row focus went: the row's id and its index on the page. */
export interface FocusedRow { id: string; index: number }

interface Props {
  label: string;
  columns: ColDef<GridRow>[];
  rows: GridRow[];
  loading: boolean;
  sort: GridSort;
  onSort(sort: GridSort): void;
  onOpen(row: GridRow): void;
  /** Enter on a focused row, when it differs from a click (an approval queue shows the row beside the list). */
  onEnter?(row: GridRow): void;
  /** Keys other than Enter on a focused cell; return true when handled. */
  onKey?(row: GridRow, key: string, column: string): boolean;
  /** The row focus moved (arrows, j/k, a click). */
  onFocusRow?(focus: FocusedRow): void;
  controllerRef?: Ref<GridController>;
  /** A row's stable id for AG Grid and focus (`row.id` unless given: a currency's code). */
  rowId?(row: GridRow): string;
}

const byId = (row: GridRow) => String(row.id);

/** Tab and Shift+Tab leave the grid instead of walking its cells and headers: arrows move inside it. */
const leaveOnTab = () => false as const;

function NoRows() {
  return <div className="grid-empty" role="status">No Record Found</div>;
}

/** Clicks and keys on a cell's own buttons belong to the button, not to the row. */
const fromControl = (target: EventTarget | null) =>
  target instanceof Element && !!target.closest('button, a, input, [role="switch"]');

export function DataGrid({ label, columns, rows, loading, sort, onSort, onOpen, onEnter, onKey, onFocusRow, controllerRef, rowId = byId }: Props) {
  const api = useRef<GridApi<GridRow> | null>(null);

  const columnDefs = useMemo(() => columns.map((c) => ({
    ...c,
    // Re-applied on every render so the arrows always show the URL's sort, including after Back.
    sort: c.sortable && c.colId === sort.field ? sort.ordering : null,
  })), [columns, sort.field, sort.ordering]);

  const firstColumn = useRef<string | undefined>(undefined);
  firstColumn.current = columns[0]?.colId;
  const shown = useRef(rows);
  shown.current = rows;
  const box = useRef<HTMLDivElement>(null);
  /**
   * The row the user is on: the one whose cell holds the browser's focus (the row element outlives a reload
   * of the rows, its index may not), else AG Grid's focused cell (the palette holds the focus for a moment).
   */
  const focusedNode = useCallback((g: GridApi<GridRow>): IRowNode<GridRow> | undefined => {
    const active = document.activeElement;
    if (active && box.current?.contains(active)) {
      const id = active.closest('[row-id]')?.getAttribute('row-id');
      const node = id ? g.getRowNode(id) : undefined;
      if (node) return node;
    }
    const cell = g.getFocusedCell();
    return cell ? g.getDisplayedRowAtIndex(cell.rowIndex) : undefined;
  }, []);

  /** The id of a row the focus fell to without the user (see landedRow), until the user moves. */
  const fallen = useRef<string | null>(null);
  const goTo = useCallback((g: GridApi<GridRow>, index: number) => {
    const column = g.getFocusedCell()?.column ?? firstColumn.current;
    if (!column) return;
    fallen.current = null;
    g.ensureIndexVisible(index);
    g.setFocusedCell(index, column);
  }, []);

  const move = useCallback((delta: number) => {
    const g = api.current;
    const count = g?.getDisplayedRowCount() ?? 0;
    if (!g || count === 0) return false;
    const at = focusedNode(g)?.rowIndex;
    const index = at !== null && at !== undefined ? Math.min(count - 1, Math.max(0, at + delta)) : 0;
    // move(0) only gives the focus back to its row (a filter panel closed): no move of the user's.
    const was = fallen.current;
    goTo(g, index);
    if (delta === 0) fallen.current = was;
    return index !== at;
  }, [focusedNode, goTo]);

  const focusRow = useCallback((id: string, fallbackIndex?: number) => {
    const g = api.current;
    const count = g?.getDisplayedRowCount() ?? 0;
    const column = firstColumn.current;
    if (!g || count === 0 || !column) return false;
    // Not yet drawn: AG Grid still shows the previous rows (a busy machine can take several frames).
    if (count !== shown.current.length || g.getDisplayedRowAtIndex(0)?.data !== shown.current[0]) return false;
    const node = g.getRowNode(id);
    const index = node?.rowIndex ?? (fallbackIndex !== undefined ? Math.min(fallbackIndex, count - 1) : null);
    if (index === null || index === undefined) return false;
    g.ensureIndexVisible(index);
    g.setFocusedCell(index, column);
    // Gone from the end of the page: the row above is only where the focus fell, not the user's choice.
    const fell = !node && fallbackIndex !== undefined && fallbackIndex > count - 1;
    fallen.current = fell ? (g.getDisplayedRowAtIndex(index)?.id ?? null) : null;
    return true;
  }, []);

  useImperativeHandle(controllerRef, () => ({
    move,
    focusRow,
    atTop: () => {
      const g = api.current;
      if (!g) return true;
      return (g.getFocusedCell()?.rowIndex ?? 0) <= 0 && g.getVerticalPixelRange().top <= 0;
    },
    focusedRow: () => (api.current ? focusedNode(api.current)?.data : undefined),
    landedRow: () => {
      const node = api.current ? focusedNode(api.current) : undefined;
      return node && node.id !== fallen.current ? node.data : undefined;
    },
    unland: () => { fallen.current = (api.current ? focusedNode(api.current)?.id : undefined) ?? null; },
  }), [move, focusRow, focusedNode]);

  // Ctrl+Home and Ctrl+End reach the first and the last row of the page (AG Grid's own stop at the row's
  // first and last cell when the focus is on a row); Home and End stay AG Grid's (the row's first and last cell).
  const onBoxKey = useCallback((e: ReactKeyboardEvent<HTMLDivElement>) => {
    const g = api.current;
    if (!(e.ctrlKey || e.metaKey) || (e.key !== 'Home' && e.key !== 'End') || !g || fromControl(e.target)) return;
    const count = g.getDisplayedRowCount();
    if (count === 0) return;
    e.preventDefault();
    e.stopPropagation();
    goTo(g, e.key === 'Home' ? 0 : count - 1);
  }, [goTo]);

  const onCellFocused = useCallback((e: CellFocusedEvent<GridRow>) => {
    if (e.rowIndex === null || e.rowPinned) return;
    const row = e.api.getDisplayedRowAtIndex(e.rowIndex)?.data;
    if (row) onFocusRow?.({ id: rowId(row), index: e.rowIndex });
  }, [onFocusRow, rowId]);

  // New rows (a reload after a decision, rows added above) keep the focus on its row, not its index, so a
  // key pressed next acts on the row the user was on. AG Grid would put the focus back by index
  // (suppressFocusAfterRefresh stops it); the row's element keeps the browser's focus, and once the rows
  // are drawn (AG Grid's events come a task later) its focused cell follows. A row that left gives its
  // place to the next one (useRowFocus).
  const onModelUpdated = useCallback((e: ModelUpdatedEvent<GridRow>) => {
    const active = document.activeElement;
    if (!active || !box.current?.contains(active)) return;
    const id = active.closest('[row-id]')?.getAttribute('row-id');
    const node = id ? e.api.getRowNode(id) : undefined;
    const cell = e.api.getFocusedCell();
    const column = cell?.column ?? firstColumn.current;
    if (!node || node.rowIndex === null || !column || node.rowIndex === cell?.rowIndex) return;
    e.api.setFocusedCell(node.rowIndex, column);
  }, []);

  const onCellKeyDown = useCallback((e: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>) => {
    const ev = e.event as KeyboardEvent | null;
    if (!ev || !e.data || fromControl(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    // The user's own move (AG Grid's arrows, Page Up/Down): the row it reaches is landed on.
    if (ev.key.startsWith('Arrow') || ev.key.startsWith('Page')) fallen.current = null;
    const column = 'column' in e ? e.column.getColId() : '';
    if (ev.key === 'Enter') {
      ev.preventDefault();
      (onEnter ?? onOpen)(e.data);
    } else if (onKey?.(e.data, ev.key, column)) {
      ev.preventDefault();
    }
  }, [onOpen, onEnter, onKey]);

  const onRowClicked = useCallback((e: RowClickedEvent<GridRow>) => {
    if (e.data) fallen.current = null;
    if (e.data && !fromControl(e.event?.target ?? null)) onOpen(e.data);
  }, [onOpen]);

  const onSortChanged = useCallback((e: SortChangedEvent<GridRow>) => {
    if (e.source !== 'uiColumnSorted') return;
    // The event names the columns whose sort changed (the clicked one, and the one it replaced), so no
    // column API (and its module) is needed to find the new sort.
    const col = e.columns?.find((c) => c.getSort());
    if (col) onSort({ field: col.getColId(), ordering: col.getSort() === 'desc' ? 'desc' : 'asc' });
  }, [onSort]);

  return (
    <div className="data-grid" aria-label={label} aria-busy={loading} ref={box} onKeyDownCapture={onBoxKey}>
      <AgGridReact<GridRow>
        theme={gridTheme}
        rowData={rows}
        columnDefs={columnDefs}
        defaultColDef={{ flex: 1, minWidth: 90, sortable: false, suppressMovable: true, resizable: false }}
        getRowId={(p: GetRowIdParams<GridRow>) => rowId(p.data)}
        loading={loading}
        noRowsOverlayComponent={NoRows}
        // One page is at most 100 rows: render them all, so every row is in the DOM for j/k and tests.
        suppressRowVirtualisation
        suppressColumnVirtualisation
        suppressDragLeaveHidesColumns
        rowClass="grid-row"
        onGridReady={(e) => { api.current = e.api; }}
        onGridPreDestroyed={() => { api.current = null; }}
        onCellKeyDown={onCellKeyDown}
        onCellFocused={onCellFocused}
        onModelUpdated={onModelUpdated}
        suppressFocusAfterRefresh
        tabToNextCell={leaveOnTab}
        tabToNextHeader={leaveOnTab}
        onRowClicked={onRowClicked}
        onSortChanged={onSortChanged}
      />
    </div>
  );
}
