/**
 * An amount as every list and detail shows it (issue 29 item 11): the decimal string as sent, every place kept,
 * with thousands separators and its unit ('1,234,567.00000001 BTC'). The separators are drawn by CSS
 * (`.amount-group::before`, styles/base.css), not written into the text, so what a staff member selects and
 * copies is the raw value ('1234567.00000001') that a form, a filter or a spreadsheet takes back; a screen
 * reader reads the drawn commas as the eye sees them.
 */
import { digitGroups, display } from '../../resource-ui/format';

export function Amount({ value, unit, grouped = true }: { value: unknown; unit?: string; grouped?: boolean }) {
  const text = display(value);
  // A count (a block height, a position) reads as its digits; only amounts are grouped.
  const g = grouped ? digitGroups(text) : null;
  return (
    <span className="amount">
      {g ? <>{g.sign}{g.groups[0]}{g.groups.slice(1).map((d, i) => <span key={i} className="amount-group">{d}</span>)}{g.fraction}</> : text}
      {unit ? ` ${unit}` : null}
    </span>
  );
}
