/**
 * One page of rows in AG Grid, driven from the keyboard: arrows (AG Grid's own) and j/k through the
 * controller move the row focus, Enter opens the focused row, other keys go to `onKey`. Tab enters the
 * grid once and leaves it on the next press (the page's controls come after it, not 200 cells). Sorting
 * is the server's: the header arrows only report the wish through `onSort`, rows keep the order sent.
 */
import { useCallback, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { AgGridReact } from 'ag-grid-react';
import type {
  CellFocusedEvent, CellKeyDownEvent, ColDef, FullWidthCellKeyDownEvent, GetRowIdParams, GridApi, RowClickedEvent,
  RowDataUpdatedEvent, SortChangedEvent,
} from 'ag-grid-community';
import './modules';
import { gridTheme } from './theme';
import './grid.css';

export type GridRow = Record<string, unknown>;

export interface GridSort { field: string; ordering: 'asc' | 'desc' }

/** What the list's keyboard commands drive (j/k, Enter from the palette). */
export interface GridController {
  /** Moves the focused row by `delta`, focusing the first row when none is focused yet. */
  move(delta: number): void;
  focusedRow(): GridRow | undefined;
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
  const move = useCallback((delta: number) => {
    const g = api.current;
    const count = g?.getDisplayedRowCount() ?? 0;
    if (!g || count === 0) return;
    const cell = g.getFocusedCell();
    const index = cell ? Math.min(count - 1, Math.max(0, cell.rowIndex + delta)) : 0;
    const column = cell?.column ?? firstColumn.current;
    if (!column) return;
    g.ensureIndexVisible(index);
    g.setFocusedCell(index, column);
  }, []);

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
    focusedRow: () => {
      const g = api.current;
      const cell = g?.getFocusedCell();
      return cell ? g?.getDisplayedRowAtIndex(cell.rowIndex)?.data : undefined;
    },
  }), [move, focusRow]);

  const focusedId = useRef<string | null>(null);
  const onCellFocused = useCallback((e: CellFocusedEvent<GridRow>) => {
    if (e.rowIndex === null || e.rowPinned) return;
    const row = e.api.getDisplayedRowAtIndex(e.rowIndex)?.data;
    if (row) focusedId.current = rowId(row);
    if (row) onFocusRow?.({ id: rowId(row), index: e.rowIndex });
  }, [onFocusRow, rowId]);

  // New rows (a reload after a decision, rows added above) move the focus with its row, not its index, so
  // a key pressed next acts on the row the user was on; a row that left gives its place to the next one.
  const box = useRef<HTMLDivElement>(null);
  const onRowDataUpdated = useCallback((e: RowDataUpdatedEvent<GridRow>) => {
    // Only while the grid holds the focus: a reload never takes it from the filter the user types in.
    if (!box.current?.contains(document.activeElement)) return;
    const cell = e.api.getFocusedCell();
    const node = focusedId.current ? e.api.getRowNode(focusedId.current) : undefined;
    if (!cell || node?.rowIndex === null || node?.rowIndex === undefined || node.rowIndex === cell.rowIndex) return;
    e.api.setFocusedCell(node.rowIndex, cell.column);
  }, []);

  const onCellKeyDown = useCallback((e: CellKeyDownEvent<GridRow> | FullWidthCellKeyDownEvent<GridRow>) => {
    const ev = e.event as KeyboardEvent | null;
    if (!ev || !e.data || fromControl(ev.target) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const column = 'column' in e ? e.column.getColId() : '';
    if (ev.key === 'Enter') {
      ev.preventDefault();
      (onEnter ?? onOpen)(e.data);
    } else if (onKey?.(e.data, ev.key, column)) {
      ev.preventDefault();
    }
  }, [onOpen, onEnter, onKey]);

  const onRowClicked = useCallback((e: RowClickedEvent<GridRow>) => {
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
    <div className="data-grid" aria-label={label} aria-busy={loading} ref={box}>
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
        onRowDataUpdated={onRowDataUpdated}
        tabToNextCell={leaveOnTab}
        tabToNextHeader={leaveOnTab}
        onRowClicked={onRowClicked}
        onSortChanged={onSortChanged}
      />
    </div>
  );
}
