/**
 * A timestamp in two zones (issue 17 item 5): it reads in UTC as the spec requires — or in the staff member's
 * own zone, named, when they chose local time everywhere — and on hover or keyboard focus a tooltip gives it
 * in both zones with its age ('3 h ago'). Every list cell and detail that shows a time goes through here.
 */
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui';
import { formatDate, parseTime, relativeAge, zoneName } from '../../resource-ui/format';
import { Tooltip } from '../form/Tooltip';

interface Props {
  value: unknown;
  /** Grid cells: AG Grid focuses the cell, not the time inside it, so the cell's focus opens the tooltip. */
  focusTarget?: HTMLElement | null;
  /** Adds a tab stop on the time itself, where nothing around it takes the focus (details, panels). */
  focusable?: boolean;
  /** Names the zone after a UTC time too ('… UTC'), where the screen has no other word saying so. */
  namedUtc?: boolean;
}

function Details({ at, zone }: { at: Date; zone: string }) {
  return (
    <span className="timestamp-details">
      <span><b>UTC</b> {formatDate(at)}</span>
      {zone !== 'UTC' && <span><b>Local</b> {formatDate(at, zone)} <span className="timestamp-note">({zone})</span></span>}
      <span className="timestamp-note">{relativeAge(at)}</span>
    </span>
  );
}

export function Timestamp({ value, focusTarget, focusable = !focusTarget, namedUtc }: Props) {
  const { time, zone } = useSnapshot(ui);
  const at = parseTime(value);
  if (!at) return <span>{formatDate(value)}</span>;
  const shown = time === 'local' ? zone : 'UTC';
  const text = formatDate(at, shown);
  return (
    <Tooltip content={<Details at={at} zone={zone} />} focusable={focusable} focusTarget={focusTarget} className="timestamp">
      <time dateTime={at.toISOString()}>{namedUtc && shown === 'UTC' ? `${text} ${zoneName(at, 'UTC')}` : text}</time>
    </Tooltip>
  );
}
