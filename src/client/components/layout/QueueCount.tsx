/**
 * A queue's live pending count as a badge (sidebar items, palette "Go to" rows). The digits are for the
 * eye; the accessible name says what they count ("3 pending"), so a link reads "Pending Withdrawals, 3 pending".
 * Nothing shows while the count is unknown or zero.
 */
import { useSnapshot } from 'valtio';
import { liveCounts, type Queue } from '../../state/live-counts';

export function QueueCount({ queue }: { queue: Queue | undefined }) {
  const { counts } = useSnapshot(liveCounts);
  const n = queue ? counts[queue.key] : undefined;
  if (!n) return null;
  const shown = n > 999 ? '999+' : String(n);
  return (
    <span className="queue-count" title={`${n.toLocaleString('en-US')} pending`}>
      <span aria-hidden="true">{shown}</span>
      <span className="sr-only">, {n.toLocaleString('en-US')} pending</span>
    </span>
  );
}
