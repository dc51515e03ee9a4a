/**
 * The realtime feed's admin stream names (src/server/realtime/README.md; rango's prefixed form), named once for
 * the server that publishes them and the resource definitions and screens that follow them. Each row stream
 * carries its entity as the admin list returns it; QUEUE_COUNTS the approval queues' sizes.
 */
export const ADMIN_STREAMS = {
  order: 'admin.order.update',
  trade: 'admin.trade.create',
  deposit: 'admin.deposit.update',
  withdraw: 'admin.withdraw.update',
  adjustment: 'admin.adjustment.update',
} as const;

export const QUEUE_COUNTS = 'admin.queues.counts';

/** Every admin stream name (they look like error codes, and are not). */
export const ADMIN_STREAM_NAMES: readonly string[] = [...Object.values(ADMIN_STREAMS), QUEUE_COUNTS];
