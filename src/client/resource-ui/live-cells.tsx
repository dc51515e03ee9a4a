/**
 * Columns of a resource's `live.values` (LiveColumnDef): the value a realtime stream keeps for the row's
 * key, read from the store cell by cell, so a ticker moving re-renders its own cells, not the grid.
 */
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { useSnapshot } from 'valtio';
import type { LiveColumnDef, Resource } from '../../shared/resources/define';
import type { Row } from '../api/resources';
import { liveValues } from '../state/live-values';
import { display } from './format';
import { NUMERIC_COLUMN } from './cells';
import { Amount } from '../components/ui/Amount';

interface LiveParams { stream: string; value: string; format?: LiveColumnDef['format']; keyField: string }

/** `+1.23%` rises, `-0.5%` falls; zero, or anything without a sign, is flat. */
function direction(text: string): 'up' | 'down' | null {
  if (!/[1-9]/.test(text)) return null;
  if (text.startsWith('-')) return 'down';
  return text.startsWith('+') ? 'up' : null;
}

export function LiveValueCell({ data, stream, value, format, keyField }: CustomCellRendererProps<Row> & LiveParams) {
  const snap = useSnapshot(liveValues);
  if (!data) return null;
  const text = display(snap[stream]?.[String(data[keyField])]?.[value]);
  if (text === '') return <span className="cell-empty" title="No live value yet">—</span>;
  // A live price reads as every amount does: thousands separators drawn, the raw value as its text.
  if (format === 'decimal') return <Amount value={text} />;
  const dir = format === 'change' ? direction(text) : null;
  return <span className={dir ? `cell-change cell-change-${dir}` : undefined}>{text}</span>;
}

/** The grid columns of the live values, each placed after its `after` column (declaration order among equals). */
export function withLiveColumns(r: Resource, cols: ColDef<Row>[]): ColDef<Row>[] {
  const live = r.live?.values;
  if (!live) return cols;
  const out = [...cols];
  for (const c of live.columns) {
    const col: ColDef<Row> = {
      colId: `live:${c.value}`, headerName: c.label, sortable: false, width: 120, minWidth: 100, flex: 0,
      ...NUMERIC_COLUMN,
      cellRenderer: LiveValueCell, cellRendererParams: { stream: live.stream, value: c.value, format: c.format, keyField: r.key } satisfies LiveParams,
    };
    // After the anchor and the live columns already placed after it.
    let at = c.after ? out.findIndex((x) => x.colId === c.after) : -1;
    if (at < 0) at = out.findLastIndex((x) => x.colId !== '__actions');
    while (out[at + 1]?.colId?.startsWith('live:')) at += 1;
    out.splice(at + 1, 0, col);
  }
  return out;
}
