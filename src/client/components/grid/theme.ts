/**
 * The AG Grid theme, bound to the console's CSS custom properties: the grid follows the light/dark
 * switch (tokens.css) without being told, and stays as dense as the rest of the console.
 */
import { themeQuartz } from 'ag-grid-community';

export const gridTheme = themeQuartz.withParams({
  fontFamily: 'var(--font-sans)',
  fontSize: 13,
  headerFontSize: 12,
  headerFontWeight: 600,
  backgroundColor: 'var(--surface)',
  foregroundColor: 'var(--text)',
  textColor: 'var(--text)',
  subtleTextColor: 'var(--text-3)',
  headerTextColor: 'var(--text-2)',
  headerBackgroundColor: 'var(--surface-2)',
  borderColor: 'var(--border)',
  rowBorder: { color: 'var(--border)' },
  accentColor: 'var(--accent)',
  rowHoverColor: 'var(--surface-hover)',
  selectedRowBackgroundColor: 'var(--accent-soft)',
  rangeSelectionBorderColor: 'var(--focus)',
  wrapperBorder: false,
  wrapperBorderRadius: 0,
  rowHeight: 38,
  headerHeight: 36,
  spacing: 6,
  cellHorizontalPadding: 12,
  iconSize: 12,
});
