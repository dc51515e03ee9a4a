/** AG Grid column definitions from a resource's declared columns and formats (DESIGN §3). */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { columnId, labelOf, type ColumnDef, type FieldDef, type Resource } from '../../shared/resources/define';
import type { Row } from '../api/resources';
import { ActionsCell, AmountCell, BadgeCell, DateCell, LinkCell, SwitchCell, TruncateCell, ViewCell, type ActionParams, type AmountParams, type SwitchParams, NUMERIC_COLUMN } from './cells';
import { withLiveColumns } from './live-cells';
import { amountParts, display, formatDate, groupDigits, quantityOf, USER_AGENT_LENGTH, valueAt } from './format';
import { formatPhone, isPhoneField } from '../../shared/phone';
import { ui } from '../state/ui';

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

/**
 * An amount or count column: right-aligned, a decimal with thousands separators (AmountCell). The formatted
 * value — what AG Grid reads out and hands on — stays the raw number with its unit.
 */
function numberColumn(f: FieldDef | undefined, { grouped, unit }: { grouped: boolean; unit?: string }): Partial<ColDef<Row>> {
  return {
    ...NUMERIC_COLUMN, minWidth: unit ? 140 : undefined, maxWidth: unit ? undefined : 140,
    valueFormatter: (p: ValueFormatterParams<Row>) => { const a = amountParts(f, p.value, p.data, unit); return `${a.amount} ${a.unit}`.trim(); },
    cellRenderer: AmountCell, cellRendererParams: { field: f, unit, grouped } satisfies AmountParams,
  };
}

/** A column's header: its own label, else its field's (a flag's key for one flag of a map). */
export const columnLabel = (r: Resource, c: ColumnDef): string => c.label ?? labelOf(c.key ?? c.field, c.key ? undefined : r.fields[c.field]);

function columnFor(r: Resource, c: ColumnDef, ctx: ColumnContext): ColDef<Row> {
  const f = r.fields[c.field];
  // One flag of a flags map reads at its dotted path (`payment_options.deposit`), as AG Grid reads `field`.
  const id = columnId(c);
  const base: ColDef<Row> = {
    colId: id,
    field: id,
    headerName: columnLabel(r, c),
    sortable: !c.key && r.sortable.includes(c.field),
    // Rows arrive sorted by the server; a constant comparator keeps that order while the header shows the arrow.
    comparator: () => 0,
    sortingOrder: ['asc', 'desc'],
  };
  // Amounts and counts, also those the definition gave no format, read as numbers.
  const quantity = quantityOf(r, c);
  if (quantity) return { ...base, ...numberColumn(f, quantity) };
  const format = c.format ?? (c.field === 'user_agent' ? { kind: 'truncate', length: USER_AGENT_LENGTH, tooltip: true } as const : undefined);
  switch (format?.kind) {
    case 'date':
      // Room for 'MMM d, yyyy HH:mm' whole (the longest month name, two-digit day).
      // The cell shows the time in the staff member's chosen zone (Timestamp); the formatted value (UTC) is
      // what AG Grid copies and reads out.
      return { ...base, minWidth: 172, valueFormatter: (p: ValueFormatterParams<Row>) => formatDate(p.value), cellRenderer: DateCell, cellClass: 'cell-date' };
    case 'link':
      return { ...base, ...widthFor(c.field, f), cellClass: classFor(c.field, f), cellRenderer: LinkCell,
        cellRendererParams: { route: format.route, keyField: format.key } };
    case 'badge':
      return { ...base, maxWidth: 140, cellRenderer: BadgeCell, cellRendererParams: format };
    case 'truncate':
      return { ...base, minWidth: 200, flex: 2, cellRenderer: TruncateCell, cellRendererParams: { length: format.length, tooltip: format.tooltip } };
    case 'view':
      return { ...base, maxWidth: 140, cellRenderer: ViewCell, cellRendererParams: { title: format.title } };
    case 'switch': {
      const action = r.actions?.find((a) => a.name === format.action);
      const sw = ctx.switches[format.action];
      if (!action || !sw) return base;
      const params: SwitchParams = { ...sw, values: action.values, label: base.headerName ?? c.field };
      return { ...base, maxWidth: 120, cellRenderer: SwitchCell, cellRendererParams: params };
    }
    default:
      // An empty value with a name for its emptiness (a validator: 'Unvalidated'), greyed.
      if (c.empty) {
        const empty = (v: unknown) => v === null || v === undefined || v === '';
        return { ...base, ...widthFor(c.field, f), valueFormatter: (p: ValueFormatterParams<Row>) => (empty(p.value) ? c.empty! : display(p.value)),
          cellClassRules: { 'cell-empty': (p) => empty(p.value) } };
      }
      // A list (a wallet's currencies) reads as its values, comma-separated.
      if (f?.kind === 'list') return { ...base, valueFormatter: (p: ValueFormatterParams<Row>) => (Array.isArray(p.value) ? p.value.join(', ') : '') };
      // Phone numbers read one way on every screen (shared/phone.ts), whatever the row holds.
      return { ...base, ...widthFor(c.field, f), cellClass: classFor(c.field, f),
        valueFormatter: (p: ValueFormatterParams<Row>) => (isPhoneField(c.field) ? formatPhone(p.value) : display(p.value)) };
  }
}

export function columnsFor(r: Resource, ctx: ColumnContext): ColDef<Row>[] {
  const cols = withLiveColumns(r, r.columns.map((c) => columnFor(r, c, ctx)));
  if (r.columns[0]?.field === 'id') cols[0] = { ...cols[0], maxWidth: 90, flex: 0, width: 80 };
  if (ctx.actions) {
    cols.push({
      colId: '__actions', headerName: '', width: ctx.actions.showDelete ? 96 : 64, flex: 0, minWidth: 64, sortable: false,
      cellRenderer: ActionsCell, cellRendererParams: { ...ctx.actions, keyField: r.key }, cellClass: 'cell-actions-col',
    });
  }
  return cols;
}

/**
 * The grid's columns in the order shown: those a view or the URL chose (`?columns=`, then the actions column),
 * else every column not declared `hidden`; less what the embedding screen hides (`ListScope.hide`).
 */
export function pickColumns(r: Resource, all: ColDef<Row>[], chosen: readonly string[] | undefined, hide: readonly string[] = []): ColDef<Row>[] {
  const hidden = new Set(r.columns.filter((c) => c.hidden).map(columnId));
  const picked = chosen
    ? [...chosen.flatMap((id) => all.filter((c) => c.colId === id)), ...all.filter((c) => c.colId === '__actions')]
    : all.filter((c) => !hidden.has(c.colId ?? ''));
  return picked.filter((c) => !hide.includes(c.colId ?? ''));
}

/** The ids of the columns a list shows when no view chose any: every column not declared `hidden`. */
export const defaultColumns = (r: Resource): string[] => r.columns.filter((c) => !c.hidden).map(columnId);

/** What a cell shows, for sizing: dates and amounts as formatted, badges their label (plus the dot), cut text its cut. */
function shownText(r: Resource, c: ColumnDef, row: Row): string {
  const f = c.format;
  const value = valueAt(row, columnId(c));
  // A time as its cell writes it: in the chosen zone, a local one with its zone's short name.
  if (f?.kind === 'date') return formatDate(value, ui.time === 'local' ? ui.zone : 'UTC');
  if (f?.kind === 'switch') return 'Mmmmm';
  const quantity = quantityOf(r, c);
  if (quantity) {
    const a = amountParts(r.fields[c.field], value, row, quantity.unit);
    return `${quantity.grouped ? groupDigits(a.amount) : a.amount} ${a.unit}`.trim();
  }
  const text = typeof value === 'object' && value !== null ? JSON.stringify(value) : display(value);
  if (f?.kind === 'badge') return `${f.labels?.[text.toLowerCase()] ?? text}MMM`;
  if (f?.kind === 'truncate') return text.slice(0, f.length + 1);
  return text;
}

/**
 * Width of text in pixels, measured with the grid's fonts where the browser can (OffscreenCanvas): cell
 * text at 13 px, monospaced cells in the mono face, headers at 12 px semibold upper case with their 0.04em
 * spacing. Test environments have no canvas and get an estimate from the length.
 */
type Face = 'cell' | 'mono' | 'header';
const measure = (() => {
  let ctx: OffscreenCanvasRenderingContext2D | null | undefined;
  let fonts: Record<Face, string>;
  return (text: string, face: Face = 'cell'): number => {
    if (ctx === undefined) {
      ctx = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
      const css = getComputedStyle(document.documentElement);
      const sans = css.getPropertyValue('--font-sans') || 'sans-serif';
      fonts = { cell: `13px ${sans}`, mono: `13px ${css.getPropertyValue('--font-mono') || 'monospace'}`, header: `600 12px ${sans}` };
    }
    if (!ctx) return text.length * (face === 'header' ? 8 : 7.5);
    ctx.font = fonts[face];
    const spacing = face === 'header' ? text.length * 0.48 : 0;
    return ctx.measureText(face === 'header' ? text.toUpperCase() : text).width + spacing;
  };
})();

/** A cell's horizontal padding and border; a sortable header's arrow and its gap. */
const CELL_PAD = 28;
const SORT_ICON = 18;
/** Identifying columns give up at most this share of their width before the page scrolls sideways. */
const IDENTITY_KEEP = 0.6;
/** A column this narrow is never cut: it would save little and its value (a date, an IP, a state) would be lost. */
const SHORT = 150;
const IDENTIFIES = /(^|\.|_)(email|uid|name|title|key|code)$/;

/**
 * Sizes columns by their content. Each column needs the width of the widest value it has shown (this page
 * and the ones before, so paging does not make columns jump) or its header. When everything fits in the
 * grid's `width`, nothing is cut and the spare room is shared by need. When it does not, long free text
 * (metadata, user agents) gives way first, down to its header, then the identifying columns (e-mail, name)
 * down to 60%; short values (dates, states, addresses, codes) and amounts are never cut. Only then does the grid scroll
 * sideways. Fixed-width columns (the id, the actions)
 * keep their width. `seen` is the list's memory of needs.
 */
export function fitColumns(r: Resource, cols: ColDef<Row>[], rows: readonly Row[], seen: Map<string, number>, width?: number): ColDef<Row>[] {
  const sized = cols.map((col) => {
    const def = r.columns.find((c) => columnId(c) === col.colId);
    if (!def || col.flex === 0) return null;
    const header = Math.ceil(measure(col.headerName ?? '', 'header') + (col.sortable ? SORT_ICON : 0)) + CELL_PAD;
    const face: Face = String(col.cellClass ?? '').includes('cell-mono') ? 'mono' : 'cell';
    const widest = rows.reduce((w, row) => Math.max(w, measure(shownText(r, def, row), face)), 0);
    const need = Math.ceil(Math.max(widest + CELL_PAD, header, seen.get(columnId(def)) ?? 0));
    seen.set(columnId(def), need);
    // Amounts and counts are never cut either: a money console that shows "0.0000134…" has lost the value.
    const numeric = quantityOf(r, def) !== null;
    const short = need <= SHORT || numeric || ['date', 'badge', 'switch'].includes(def.format?.kind ?? '');
    const keeps = IDENTIFIES.test(def.field);
    const floor = short ? need : keeps ? Math.ceil(need * IDENTITY_KEEP) : Math.min(need, Math.max(header, SHORT / 2));
    return { need, floor, keeps };
  });
  const fixed = cols.reduce((w, col, i) => w + (sized[i] ? 0 : Number(col.width ?? col.minWidth ?? 0)), 0);
  const min = sized.map((x) => x?.need ?? 0);
  let excess = width ? min.reduce((a, b) => a + b, 0) + fixed - width : 0;
  // Take the excess from the columns that may give, others before identifying ones, in proportion to their slack.
  for (const identifying of [false, true]) {
    const slack = sized.map((x) => (x && x.keeps === identifying ? x.need - x.floor : 0));
    const total = slack.reduce((a, b) => a + b, 0);
    if (excess <= 0 || total <= 0) continue;
    const share = Math.min(1, excess / total);
    slack.forEach((sl, i) => { min[i] -= Math.floor(sl * share); });
    excess -= Math.floor(total * share);
  }
  return cols.map((col, i) => (sized[i] ? { ...col, flex: min[i], minWidth: min[i], maxWidth: undefined, width: undefined } : col));
}
