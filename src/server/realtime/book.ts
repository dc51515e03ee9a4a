/**
 * One market's order book on this node: price levels (total open volume per side and price) loaded
 * from a database snapshot and kept by the order events' deltas.
 *
 * The snapshot and the stream meet exactly: the book is read in one statement together with that
 * statement's MVCC snapshot (pg_current_snapshot), and an event whose transaction that snapshot already
 * saw is skipped; every other one is applied. Events that arrive while the read is under way wait for it;
 * one that arrives after it (its NOTIFY read later than the book's statement answered: a loaded node) is
 * checked against the same snapshot, so an order the read already counted is never counted twice.
 * Deltas add up whatever order concurrent transactions commit in, so the book equals
 * `SELECT side, price, sum(remaining_volume) … WHERE state = 'wait'` after every event (tests check it).
 *
 * Changes are coalesced per tick (the feed calls `flush` every TICK_MS while changes come in): a level
 * changed several times within a tick becomes one increment with its final volume, and a level that
 * ends the tick where it began (an order placed and filled at once) none. Each increment sent takes the
 * next sequence number, so the sequence has no gaps; a snapshot taken mid-tick already holds the
 * tick's changes and the increments that follow repeat them (a level's volume, not a delta: harmless).
 * A reload (after the node's LISTEN dropped) bumps the sequence past every number used, so a client
 * sees the fresh snapshot as new.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import type { OrderEvent } from './events.js';

/** Peatio publishes at most this many levels a side in a snapshot. */
export const SNAPSHOT_LEVELS = 301;

export interface Snapshot { asks: [string, string][]; bids: [string, string][]; sequence: number }
export interface Increment { asks?: [string, string]; bids?: [string, string]; sequence: number }

/** A pg_snapshot's text form, `xmin:xmax:xip,…`: whether it saw transaction `xid` commit. */
export function visibleIn(snapshot: string, xid: string): boolean {
  const [xmin, xmax, xip] = snapshot.split(':');
  const x = BigInt(xid);
  if (x < BigInt(xmin)) return true;
  if (x >= BigInt(xmax)) return false;
  return !(xip ? xip.split(',') : []).some((p) => BigInt(p) === x);
}

type Side = 'asks' | 'bids';
const sideOf = (s: string): Side => (s === 'sell' ? 'asks' : 'bids');

export class MarketBook {
  private readonly levels: Record<Side, Map<bigint, bigint>> = { asks: new Map(), bids: new Map() };
  private state: 'empty' | 'loading' | 'ready' = 'empty';
  private pending: OrderEvent[] = [];
  private loading: Promise<void> | null = null;
  /** The MVCC snapshot the levels were read in: an event of a transaction it saw is already counted. */
  private seen: string | null = null;
  /** The levels changed since the last flush, each with its volume then (0: absent). */
  private readonly changed: Record<Side, Map<bigint, bigint>> = { asks: new Map(), bids: new Map() };
  sequence = 0;

  constructor(readonly market: string) {}

  get ready(): boolean { return this.state === 'ready'; }

  /** Reads the book afresh (first use, or after missed events); increments wait until it is done. */
  load(db: Kysely<DB>): Promise<void> {
    if (this.loading) return this.loading;
    this.state = 'loading';
    this.pending = [];
    this.loading = (async () => {
      try {
        const rows = (await sql<{ snap: string; side: string | null; price: string | null; volume: string | null }>`
          WITH s AS (SELECT pg_current_snapshot()::text AS snap)
          SELECT s.snap, l.side, l.price::text AS price, l.volume::text AS volume FROM s LEFT JOIN (
            SELECT side, price, sum(remaining_volume) AS volume FROM orders
            WHERE market_id = ${this.market} AND state = 'wait' AND ord_type = 'limit' GROUP BY side, price
          ) l ON true`.execute(db)).rows;
        this.levels.asks.clear();
        this.levels.bids.clear();
        for (const r of rows) if (r.side && r.price && r.volume) this.levels[sideOf(r.side)].set(toUnits(r.price), toUnits(r.volume));
        const snap = rows[0].snap;
        this.seen = snap;
        const waiting = this.pending;
        this.pending = [];
        this.state = 'ready';
        this.sequence += 1;
        for (const e of waiting) this.apply(e);
        // The snapshot that follows a load holds these already.
        this.forget();
      } catch (err) {
        this.state = 'empty';
        throw err;
      } finally {
        this.loading = null;
      }
    })();
    return this.loading;
  }

  /** An order event of this market: whether it changed a level (not when not loaded yet, or already counted). */
  apply(e: OrderEvent): boolean {
    if (this.state === 'empty' || e.price === null) return false;
    if (this.state === 'loading') { this.pending.push(e); return false; }
    if (this.seen !== null && visibleIn(this.seen, e.x)) return false;
    const d = toUnits(e.d);
    if (d === 0n) return false;
    const side = sideOf(e.side);
    const price = toUnits(e.price);
    const was = this.levels[side].get(price) ?? 0n;
    if (!this.changed[side].has(price)) this.changed[side].set(price, was);
    const level = was + d;
    if (level > 0n) this.levels[side].set(price, level);
    else this.levels[side].delete(price);
    return true;
  }

  /** The increments of the levels changed since the last flush and not back where they were, in sequence. */
  flush(): Increment[] {
    const out: Increment[] = [];
    for (const side of ['asks', 'bids'] as const) {
      for (const [price, was] of this.changed[side]) {
        const level = this.levels[side].get(price) ?? 0n;
        if (level === was) continue;
        this.sequence += 1;
        out.push({ [side]: [fromUnits(price), level > 0n ? fromUnits(level) : ''], sequence: this.sequence } as Increment);
      }
    }
    this.forget();
    return out;
  }

  private forget(): void {
    this.changed.asks.clear();
    this.changed.bids.clear();
  }

  /** Asks ascending, bids descending, at most SNAPSHOT_LEVELS a side. */
  snapshot(): Snapshot {
    const pick = (side: Side, asc: boolean): [string, string][] => [...this.levels[side]]
      .sort(([a], [b]) => (a === b ? 0 : (a < b) === asc ? -1 : 1))
      .slice(0, SNAPSHOT_LEVELS).map(([p, v]) => [fromUnits(p), fromUnits(v)]);
    return { asks: pick('asks', true), bids: pick('bids', false), sequence: this.sequence };
  }

  /** Forgets the levels: the next subscriber loads them again (after missed events). */
  reset(): void {
    this.state = 'empty';
    this.pending = [];
    this.seen = null;
    this.forget();
  }
}
