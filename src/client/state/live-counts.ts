/**
 * The approval queues' pending counts, live while someone who may read a queue is signed in (Ranger's
 * `admin.queues.counts`, sent on subscribe and on every change), for the sidebar's and the palette's
 * badges. The server sends only the keys the member may read; a key it leaves out shows no badge.
 */
import { proxy } from 'valtio';
import type { AppAbility } from '../../shared/abilities';
import { subscribe } from '../api/realtime';
import { QUEUE_COUNTS } from '../../shared/realtime-streams';

/** The stream's keys. */
export type QueueKey = 'withdraws' | 'adjustments' | 'applications';

export interface Queue {
  key: QueueKey;
  /** The screen the count is the backlog of. */
  path: string;
  /** The registry resource listed there (its "Go to" command is `nav.<resource>`). */
  resource: string;
  /** Reading the count needs read on this subject (the server checks the same). */
  subject: string;
}

export const QUEUES: readonly Queue[] = [
  { key: 'withdraws', path: '/withdrawl-pending', resource: 'pending-withdraws', subject: 'Withdraw' },
  { key: 'adjustments', path: '/adjustments', resource: 'adjustments', subject: 'Adjustment' },
  { key: 'applications', path: '/pending-applications', resource: 'pending-applications', subject: 'Profile' },
];

const STREAM = QUEUE_COUNTS;

/** Pending rows per queue; absent until the server has said. */
export const liveCounts = proxy<{ counts: Partial<Record<QueueKey, number>> }>({ counts: {} });

/** The queue counted for a screen, if any. */
export const queueAt = (path: string): Queue | undefined => QUEUES.find((q) => q.path === path);

/** The queue a palette command goes to (`nav.pending-withdraws`), if any. */
export const queueOfCommand = (id: string): Queue | undefined => QUEUES.find((q) => `nav.${q.resource}` === id);

function take(payload: unknown): void {
  if (!payload || typeof payload !== 'object') return;
  for (const q of QUEUES) {
    const n = (payload as Record<string, unknown>)[q.key];
    // Only what the server said changes; a count it stops sending keeps its last value.
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) liveCounts.counts[q.key] = n;
  }
}

/**
 * Follows the counts for a signed-in member; returns the stop, which forgets them. Someone who may read
 * none of the queues opens no connection for them.
 */
export function watchQueueCounts(ability: AppAbility): () => void {
  if (!QUEUES.some((q) => ability.can('read', q.subject))) return () => undefined;
  const off = subscribe(STREAM, take);
  return () => {
    off();
    liveCounts.counts = {};
  };
}
