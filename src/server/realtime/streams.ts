/**
 * Ranger's stream names (src/server/realtime/README.md), and who may subscribe to each:
 * - public `<market>.trades`, `<market>.ob-inc` (answered with `<market>.ob-snap` first),
 *   `<market>.kline-<period>`, `global.tickers`, `global.crypto_settings`: anyone, on either endpoint;
 * - private `order`, `trade`, `balance`, `balances`, `deposit_address` (no dot, Ranger's rule): the session's own member;
 * - admin `admin.<subject>.<event>` (rango's prefixed form): staff whose role may read the subject;
 *   `admin.queues.counts` carries one count per approval queue, each only when its subject is readable.
 */
import type { AbilityService, Subject } from '../../shared/abilities.js';
import { ADMIN_STREAMS, QUEUE_COUNTS } from '../../shared/realtime-streams.js';

export const KLINE_PERIODS = ['1m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d', '3d', '1w'] as const;
export type KlinePeriod = (typeof KLINE_PERIODS)[number];
export const PERIOD_SECONDS: Record<KlinePeriod, number> = {
  '1m': 60, '5m': 300, '15m': 900, '30m': 1800, '1h': 3600, '2h': 7200, '4h': 14_400, '6h': 21_600,
  '12h': 43_200, '1d': 86_400, '3d': 259_200, '1w': 604_800,
};

export const PRIVATE_STREAMS = ['order', 'trade', 'balance', 'balances', 'deposit_address'] as const;

/** Admin streams and the ability each needs. */
const GATES: Readonly<Record<keyof typeof ADMIN_STREAMS, Subject>> = {
  order: 'Order', trade: 'Trade', deposit: 'Deposit', withdraw: 'Withdraw', adjustment: 'Adjustment',
};
export const ADMIN_GATES: Readonly<Record<string, { subject: Subject; service: AbilityService }>> = Object.fromEntries(
  (Object.keys(GATES) as (keyof typeof GATES)[]).map((k) => [ADMIN_STREAMS[k], { subject: GATES[k], service: 'peatio' }]),
);
export { QUEUE_COUNTS };
/** The approval queues counted on QUEUE_COUNTS and the subject each needs. */
export const QUEUES: Readonly<Record<'withdraws' | 'adjustments' | 'applications', { subject: Subject; service: AbilityService }>> = {
  withdraws: { subject: 'Withdraw', service: 'peatio' },
  adjustments: { subject: 'Adjustment', service: 'peatio' },
  applications: { subject: 'Profile', service: 'barong' },
};
export type Queue = keyof typeof QUEUES;

export type StreamKind =
  | { kind: 'tickers' } | { kind: 'crypto_settings' }
  | { kind: 'trades'; market: string } | { kind: 'book'; market: string }
  | { kind: 'kline'; market: string; period: KlinePeriod }
  | { kind: 'private'; name: (typeof PRIVATE_STREAMS)[number] }
  | { kind: 'admin'; subject: Subject; service: AbilityService }
  | { kind: 'queues' };

const MARKET = /^([a-z0-9]{1,20})\.(trades|ob-inc|kline-([0-9]{1,2}[mhdw]))$/;

/** What a stream name is, or null when it is none of Ranger's (or of a market id's shape). */
export function parseStream(name: string): StreamKind | null {
  if (name === 'global.tickers') return { kind: 'tickers' };
  if (name === 'global.crypto_settings') return { kind: 'crypto_settings' };
  if (name === QUEUE_COUNTS) return { kind: 'queues' };
  if ((PRIVATE_STREAMS as readonly string[]).includes(name)) return { kind: 'private', name: name as (typeof PRIVATE_STREAMS)[number] };
  const admin = ADMIN_GATES[name];
  if (admin && Object.hasOwn(ADMIN_GATES, name)) return { kind: 'admin', ...admin };
  const m = MARKET.exec(name);
  if (!m) return null;
  if (m[2] === 'trades') return { kind: 'trades', market: m[1] };
  if (m[2] === 'ob-inc') return { kind: 'book', market: m[1] };
  const period = m[3] as KlinePeriod;
  return (KLINE_PERIODS as readonly string[]).includes(period) ? { kind: 'kline', market: m[1], period } : null;
}
