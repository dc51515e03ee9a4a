/**
 * The realtime connection's state in the header: a dot and a word while anything listens (nothing shows
 * while no screen holds a stream). The region is always there, so the change to "Reconnecting…" is
 * announced (politely) when the connection drops, and "Live" when it is back.
 */
import { useSnapshot } from 'valtio';
import { realtime, type RealtimeStatus } from '../../api/realtime';

const LABEL: Record<Exclude<RealtimeStatus, 'idle'>, string> = {
  connecting: 'Connecting…',
  open: 'Live',
  closed: 'Reconnecting…',
};

const TITLE: Record<Exclude<RealtimeStatus, 'idle'>, string> = {
  connecting: 'Opening the realtime connection',
  open: 'Realtime updates are on',
  closed: 'The realtime connection dropped; trying again every second',
};

export function LiveIndicator() {
  const { status } = useSnapshot(realtime);
  return (
    <span role="status" aria-live="polite" className="live-indicator" data-status={status}>
      {status !== 'idle' && (
        <span className="live-indicator-body" title={TITLE[status]}>
          <span className="live-dot" aria-hidden="true" />
          <span className="live-label">{LABEL[status]}</span>
        </span>
      )}
    </span>
  );
}
