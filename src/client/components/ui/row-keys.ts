/**
 * The keys of the engine's lists for a small table that is not one (the user page's Balances, State change
 * log and Accredited verifications; issue 29 item 7, the Main Info tab): Tab reaches the table's first row, j/k and ↓/↑ move
 * between its rows, Home/End (with or without Ctrl) reach the first and last. The rows have nothing to open,
 * so Enter is left alone. Only a focused row takes these keys: a link or a time's tooltip inside keeps its own.
 * Rejected: the engine's grid for three to ten rows the user page already holds (AG Grid on the user route).
 */
import type { KeyboardEvent } from 'react';

/** A row's tabIndex: the first row is Tab's way in; the others are reached with the keys. */
export const rowTab = (index: number): number => (index === 0 ? 0 : -1);

/** The `onKeyDown` of a table's body. */
export function onRowKeys(e: KeyboardEvent<HTMLTableSectionElement>): void {
  const row = e.target as HTMLElement;
  if (row.tagName !== 'TR' || row.parentElement !== e.currentTarget || e.altKey || e.metaKey || e.shiftKey) return;
  if (e.ctrlKey && e.key !== 'Home' && e.key !== 'End') return;
  const rows = [...e.currentTarget.rows];
  const at = rows.indexOf(row as HTMLTableRowElement);
  const to: Record<string, number> = { j: at + 1, ArrowDown: at + 1, k: at - 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 };
  if (!(e.key in to)) return;
  // Taken here: not a page shortcut, and no scrolling of the page under the row.
  e.preventDefault();
  e.stopPropagation();
  rows[Math.max(0, Math.min(rows.length - 1, to[e.key]!))]?.focus();
}
