/** AG Grid column definitions from a resource's declared columns and formats (DESIGN §3). */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { labelOf, type ColumnDef, type FieldDef, type Resource } from '../../shared/resources';
import type { Row } from '../api/resources';
import { ActionsCell, BadgeCell, SwitchCell, TruncateCell, type ActionParams, type SwitchParams } from './cells';
import { display, formatDate, USER_AGENT_LENGTH } from './format';

export interface ColumnContext {
  /** Switch cells: per action name, what the switch needs beyond the row. */
  switches: Record<string, Omit<SwitchParams, 'values' | 'label'>>;
  /** The trailing actions column; absent when the user may neither edit nor delete. */
  actions?: ActionParams;
}

/** A uid is 12 fixed-width characters (ID + 10 hex): it needs no more room than that. */
const UID_FIELD = /(^|_)uid$/;

/** Long free text gets the room; enums, uids and short codes stay narrow, so a page reads without scrolling. */
function widthFor(field: string, f: FieldDef | undefined): Partial<ColDef<Row>> {
  if (UID_FIELD.test(field)) return { minWidth: 140, maxWidth: 160 };
  if (!f) return {};
  if (f.kind === 'enum' || f.kind === 'boolean') return { flex: 0.7, minWidth: 90 };
  if ((f.kind === 'text' || f.kind === 'textarea') && (f.max ?? 255) > 100) return { flex: 2, minWidth: 200 };
  return {};
}

/** Machine identifiers (paths, uids, keys) read best in a fixed-width face; ids and numbers align as figures. */
const MONO = /(^|_)(path|uid|key|ip|tx|txid|address)$/;
function classFor(field: string, f: FieldDef | undefined): string | undefined {
  if (field === 'id' || f?.kind === 'number' || f?.kind === 'decimal') return 'cell-num';
  if (MONO.test(field)) return 'cell-mono';
  return f?.kind === 'enum' ? 'cell-enum' : undefined;
}

function columnFor(r: Resource, c: ColumnDef, ctx: ColumnContext): ColDef<Row> {
  const f = r.fields[c.field];
  const base: ColDef<Row> = {
    colId: c.field,
    field: c.field,
    headerName: c.label ?? labelOf(c.field, f),
    sortable: r.sortable.includes(c.field),
    // Rows arrive sorted by the server; a constant comparator keeps that order while the header shows the arrow.
    comparator: () => 0,
    sortingOrder: ['asc', 'desc'],
  };
  const format = c.format ?? (c.field === 'user_agent' ? { kind: 'truncate', length: USER_AGENT_LENGTH, tooltip: true } as const : undefined);
  switch (format?.kind) {
    case 'date':
      // Room for 'MMM d, yyyy HH:mm' whole (the longest month name, two-digit day).
      return { ...base, minWidth: 172, valueFormatter: (p: ValueFormatterParams<Row>) => formatDate(p.value), cellClass: 'cell-date' };
    case 'number': case 'decimal':
      return { ...base, type: 'rightAligned', maxWidth: 140, cellClass: 'cell-num' };
    case 'badge':
      return { ...base, maxWidth: 140, cellRenderer: BadgeCell, cellRendererParams: format };
    case 'truncate':
      return { ...base, minWidth: 200, flex: 2, cellRenderer: TruncateCell, cellRendererParams: { length: format.length, tooltip: format.tooltip } };
    case 'switch': {
      const action = r.actions?.find((a) => a.name === format.action);
      const sw = ctx.switches[format.action];
      if (!action || !sw) return base;
      const params: SwitchParams = { ...sw, values: action.values, label: base.headerName ?? c.field };
      return { ...base, maxWidth: 120, cellRenderer: SwitchCell, cellRendererParams: params };
    }
    default:
      return { ...base, ...widthFor(c.field, f), valueFormatter: (p: ValueFormatterParams<Row>) => display(p.value), cellClass: classFor(c.field, f) };
  }
}

export function columnsFor(r: Resource, ctx: ColumnContext): ColDef<Row>[] {
  const cols = r.columns.map((c) => columnFor(r, c, ctx));
  if (r.columns[0]?.field === 'id') cols[0] = { ...cols[0], maxWidth: 90, flex: 0, width: 80 };
  if (ctx.actions) {
    cols.push({
      colId: '__actions', headerName: '', width: ctx.actions.showDelete ? 96 : 64, flex: 0, minWidth: 64, sortable: false,
      cellRenderer: ActionsCell, cellRendererParams: ctx.actions, cellClass: 'cell-actions-col',
    });
  }
  return cols;
}
