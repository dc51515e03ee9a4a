/**
 * Live order books by market, built from Ranger's `<m>.ob-snap` and `<m>.ob-inc` (spec §7 Realtime).
 * A snapshot replaces a book; each increment carries one level's new total volume and a sequence one
 * above the last. A gap means we missed something, so the book is no longer trusted: we ask for a
 * fresh snapshot (unsubscribe + subscribe) and ignore increments until it arrives. A reconnect does
 * the same (the server keeps nothing across connections). Meanwhile the last known levels stay on
 * screen, flagged `resyncing` so the screen can mark them stale.
 */
import { proxy } from 'valtio';
import { compareDecimal } from '../../shared/decimal';
import { onReconnect, resubscribe, subscribe } from '../api/realtime';

/** One price level: a price and the total volume resting at it (decimal strings, as sent). */
export interface Level { price: string; volume: string }

export type BookSide = 'asks' | 'bids';

/** One market's book as last applied. */
export interface OrderBook {
  /** Ascending by price. */
  asks: Level[];
  /** Descending by price. */
  bids: Level[];
  /** The last applied sequence; null while waiting for a snapshot. */
  sequence: number | null;
  /** When the book last changed (ms since the epoch); null before the first snapshot. */
  updatedAt: number | null;
  /** Bumped on every applied snapshot or increment, so dependants (the open orders) can refetch. */
  version: number;
  /** Between a gap or reconnect and the next snapshot: what is shown may be out of date. */
  resyncing: boolean;
}

/** Books by market id; a book exists while (or after) someone watches it. */
export const orderBooks = proxy<Record<string, OrderBook>>({});

/** Markets whose snapshot came without a sequence (a feed that does not number its increments): theirs apply as they come. */
const unsequenced = new Set<string>();

const emptyBook = (): OrderBook => ({ asks: [], bids: [], sequence: null, updatedAt: null, version: 0, resyncing: true });
const incStream = (market: string) => `${market}.ob-inc`;
const snapStream = (market: string) => `${market}.ob-snap`;

const removes = (volume: string) => volume === '' || compareDecimal(volume, '0') === 0;
/** asks ascending, bids descending: negative when `a` comes before `b` on that side. */
const order = (side: BookSide, a: string, b: string) => (side === 'asks' ? compareDecimal(a, b) : compareDecimal(b, a));

function book(market: string): OrderBook {
  return (orderBooks[market] ??= emptyBook());
}

function toLevels(raw: unknown): Level[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter((l): l is unknown[] => Array.isArray(l) && l.length >= 2).map(([p, v]) => ({ price: String(p), volume: String(v) }));
}

/** Replaces a market's book with a snapshot `{asks, bids, sequence}`. */
export function applySnapshot(market: string, payload: unknown): void {
  const p = (payload ?? {}) as { asks?: unknown; bids?: unknown; sequence?: unknown };
  const b = book(market);
  const side = (s: BookSide, raw: unknown) => toLevels(raw).filter((l) => !removes(l.volume)).sort((x, y) => order(s, x.price, y.price));
  b.asks = side('asks', p.asks);
  b.bids = side('bids', p.bids);
  const seq = Number(p.sequence);
  if (Number.isFinite(seq)) unsequenced.delete(market);
  else unsequenced.add(market);
  b.sequence = Number.isFinite(seq) ? seq : 0;
  b.resyncing = false;
  b.updatedAt = Date.now();
  b.version += 1;
}

function setLevel(levels: Level[], side: BookSide, price: string, volume: string): void {
  let i = 0;
  while (i < levels.length && order(side, levels[i]!.price, price) < 0) i += 1;
  const same = i < levels.length && compareDecimal(levels[i]!.price, price) === 0;
  if (removes(volume)) { if (same) levels.splice(i, 1); return; }
  if (same) levels[i]!.volume = volume;
  else levels.splice(i, 0, { price, volume });
}

/**
 * Applies one increment `{asks: [p, v], sequence}` (or bids; a list of levels is taken too). Returns
 * false when it could not be applied in order and a fresh snapshot was asked for.
 */
export function applyIncrement(market: string, payload: unknown): boolean {
  const b = book(market);
  const p = (payload ?? {}) as { asks?: unknown; bids?: unknown; sequence?: unknown };
  // Waiting for a snapshot: anything before it is already in it, or will be.
  if (b.sequence === null) return true;
  const seq = unsequenced.has(market) ? b.sequence + 1 : Number(p.sequence);
  if (Number.isFinite(seq) && seq <= b.sequence) return true; // a repeat of what we hold
  if (!Number.isFinite(seq) || seq !== b.sequence + 1) {
    resync(market);
    return false;
  }
  for (const side of ['asks', 'bids'] as const) {
    const raw = p[side];
    if (!Array.isArray(raw)) continue;
    const levels = Array.isArray(raw[0]) ? toLevels(raw) : toLevels([raw]);
    for (const l of levels) setLevel(b[side], side, l.price, l.volume);
  }
  b.sequence = seq;
  b.updatedAt = Date.now();
  b.version += 1;
  return true;
}

/** Forgets the sequence (keeping the levels, shown stale) and asks the server for a fresh snapshot. */
export function resync(market: string): void {
  const b = book(market);
  b.sequence = null;
  b.resyncing = true;
  resubscribe(incStream(market));
}

/**
 * Keeps `orderBooks[market]` live while the returned stop has not been called. The snapshot arrives
 * under its own name (`<m>.ob-snap`) to the subscribers of the increments; one handler tells them
 * apart by the name it came under.
 */
export function watchOrderBook(market: string): () => void {
  const b = book(market);
  // A book left from an earlier visit is shown, stale, until this subscription's snapshot replaces it.
  b.sequence = null;
  b.resyncing = true;
  const handle = (payload: unknown, stream: string) => {
    if (stream === snapStream(market)) applySnapshot(market, payload);
    else applyIncrement(market, payload);
  };
  const stops = [
    subscribe(incStream(market), handle),
    // realtime.ts subscribes every stream again on reopen, which brings a fresh snapshot: wait for it.
    onReconnect(() => { const x = book(market); x.sequence = null; x.resyncing = true; }),
  ];
  return () => { for (const stop of stops) stop(); };
}
