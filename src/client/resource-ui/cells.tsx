/** Cell renderers for the definition's column formats (amount, date, badge, truncate, switch, view) and the row actions. */
import { useState } from 'react';
import { Link } from 'wouter';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import type { BadgeColour, FieldDef } from '../../shared/resources/define';
import { Tooltip } from '../components/form/Tooltip';
import { Amount } from '../components/ui/Amount';
import { Icon } from '../components/ui/Icon';
import { Timestamp } from '../components/ui/Timestamp';
import { ValueDialog } from '../components/ui/ValueDialog';
import type { Row } from '../api/resources';
import { amountParts, display, truncate } from './format';
import { linkPath } from './presentation';

type CellProps = CustomCellRendererProps<Row>;

export interface BadgeParams {
  colours: Record<string, BadgeColour>;
  labels?: Record<string, string>;
  fallback?: { label: string; colour: BadgeColour };
}

export function BadgeCell({ value, colours, labels, fallback }: CellProps & BadgeParams) {
  const v = display(value).toLowerCase();
  const known = Object.hasOwn(colours, v);
  const colour = known ? colours[v] : fallback?.colour ?? 'grey';
  const text = known ? labels?.[v] ?? display(value) : fallback?.label ?? display(value);
  return <span className={`cell-badge cell-badge-${colour}`}>{text}</span>;
}

/**
 * Numbers read right-aligned, header and cells alike. AG Grid's `rightAligned` column type gives both their
 * class, but a column's own `cellClass` replaces the type's, so amounts had right-aligned headers over
 * left-aligned values: the classes are set here, together.
 */
export const NUMERIC_COLUMN = { headerClass: 'ag-right-aligned-header', cellClass: 'cell-num ag-right-aligned-cell' } satisfies ColDef<Row>;

export interface AmountParams { field?: FieldDef; unit?: string; grouped: boolean }

/** An amount with its unit; a decimal's thousands separators drawn, a count's digits as they are. */
export function AmountCell({ value, data, field, unit, grouped }: CellProps & AmountParams) {
  const a = amountParts(field, value, data, unit);
  return <Amount value={a.amount} unit={a.unit} grouped={grouped} />;
}

/** A time in UTC (or the chosen zone); the cell's focus or a hover shows both zones and its age. */
export function DateCell({ value, eGridCell }: CellProps) {
  return <Timestamp value={value} focusTarget={eGridCell} />;
}

export function TruncateCell({ value, length, tooltip }: CellProps & { length: number; tooltip: boolean }) {
  const text = display(value);
  const short = truncate(text, length);
  if (short === text || !tooltip) return <span>{short}</span>;
  return <Tooltip content={<span className="tooltip-text">{text}</span>} className="cell-truncated">{short}</Tooltip>;
}

/** A View button: the value in a modal (the grid does not take a click on a control for the row's). */
export function ViewCell({ value, title }: CellProps & { title: string }) {
  const [open, setOpen] = useState(false);
  if (value === null || value === undefined || value === '') return <span className="cell-empty">—</span>;
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm" tabIndex={-1} onClick={() => setOpen(true)} aria-label={`View ${title}`}>View</button>
      <ValueDialog isOpen={open} title={title} value={value} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * A link to another screen: an identity cell opens the user (spec §2). The grid leaves a click on a link
 * to the link, so the row does not open as well; Enter on the row still does what the row does.
 */
export function LinkCell({ value, data, route, keyField }: CellProps & { route: string; keyField: string }) {
  const text = display(value);
  const to = data ? linkPath(route, data[keyField]) : undefined;
  return to && text ? <Link className="cell-link" href={to} tabIndex={-1}>{text}</Link> : <span>{text}</span>;
}

export interface SwitchParams {
  /** [on, off] values of the field. */
  values: readonly string[];
  allowed: boolean;
  reason: string;
  label: string;
  onToggle(row: Row, next: string): Promise<void>;
}

/** A switch that saves at once (spec §4: toggling an email type's status saves immediately). */
export function SwitchCell({ value, data, values, allowed, reason, label, onToggle }: CellProps & SwitchParams) {
  const [pending, setPending] = useState(false);
  if (!data) return null;
  const on = display(value).toLowerCase() === values[0];
  const toggle = async () => {
    setPending(true);
    try {
      await onToggle(data, on ? values[1] : values[0]);
    } finally {
      setPending(false);
    }
  };
  const button = (
    <button type="button" role="switch" aria-checked={on} className="cell-switch" disabled={!allowed || pending}
      aria-label={`${label}: ${on ? values[0] : values[1]}`} onClick={toggle} tabIndex={-1}>
      <span className="cell-switch-thumb" aria-hidden="true" />
    </button>
  );
  return allowed ? button : <Tooltip content={reason}>{button}</Tooltip>;
}

export interface ActionParams {
  canEdit: boolean;
  canDelete: boolean;
  /** Per row, when the resource keeps some rows from deletion (deletableWhen); canDelete otherwise. */
  deletable?(row: Row): boolean;
  showDelete: boolean;
  editReason: string;
  deleteReason: string;
  onEdit(row: Row): void;
  onDelete(row: Row): void;
  /** The row's key field, named in the buttons' labels (`Edit 7`, `Edit btc`). */
  keyField?: string;
}

/** Edit and delete buttons; the keyboard reaches the same actions with Enter and Delete on the row. */
export function ActionsCell({ data, canEdit, canDelete: may, deletable, showDelete, editReason, deleteReason, onEdit, onDelete, keyField = 'id' }: CellProps & ActionParams) {
  if (!data) return null;
  const key = String(data[keyField]);
  const canDelete = deletable ? deletable(data) : may;
  return (
    <span className="cell-actions">
      <button type="button" className="cell-action" tabIndex={-1} onClick={() => onEdit(data)}
        aria-label={canEdit ? `Edit ${key}` : `View ${key}`} title={canEdit ? 'Edit (Enter)' : `View (Enter). ${editReason}`}>
        <Icon name={canEdit ? 'edit' : 'eye'} size={15} />
      </button>
      {showDelete && (
        <button type="button" className="cell-action cell-action-danger" tabIndex={-1} disabled={!canDelete}
          onClick={() => onDelete(data)} aria-label={`Delete ${key}`} title={canDelete ? 'Delete (Del)' : deleteReason}>
          <Icon name="trash" size={15} />
        </button>
      )}
    </span>
  );
}
