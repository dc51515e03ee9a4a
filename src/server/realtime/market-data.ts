/**
 * The public market data the feed republishes on a timer, read from the trades table (the source of
 * truth) rather than accumulated in memory, so every node says the same thing:
 * - tickers, Peatio's `global.tickers` (every value a string, the change as "+1.23%"), over the last 24 h;
 * - the latest candle of `<market>.kline-<period>`, `[time, open, high, low, close, volume]` as numbers.
 * A time window is found through trades_created_idx (the first trade id inside it) and then read per
 * market through trades_market_idx (market_id, id): trade ids follow time, and the created_at test stays
 * as the exact bound.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { PERIOD_SECONDS, type KlinePeriod } from './streams.js';

export interface Ticker {
  at: string; avg_price: string; high: string; last: string; low: string; open: string;
  price_change_percent: string; volume: string; amount: string;
}

const DAY_MS = 86_400_000;

/** Peatio's change ratio: "+1.23%", "-0.50%", "+0.00%" without trades. */
export function changePercent(open: string, last: string): string {
  const o = Number(open), l = Number(last);
  const pct = o > 0 ? ((l - o) / o) * 100 : 0;
  return `${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%`;
}

const trim = (s: string | null): string => {
  if (s === null) return '0.0';
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '.0') : s;
};

export async function tickers(db: Kysely<DB>, now: Date): Promise<Record<string, Ticker>> {
  const since = new Date(now.getTime() - DAY_MS);
  const rows = (await sql<{
    id: string; last: string | null; open: string | null; high: string | null; low: string | null; volume: string | null; amount: string | null;
  }>`
    WITH first AS (SELECT coalesce((SELECT id FROM trades WHERE created_at >= ${since} ORDER BY created_at, id LIMIT 1), 9223372036854775807) AS id)
    SELECT m.id,
      (SELECT price::text FROM trades t WHERE t.market_id = m.id ORDER BY t.id DESC LIMIT 1) AS last,
      w.open, w.high, w.low, w.volume, w.amount
    FROM markets m
    LEFT JOIN LATERAL (
      SELECT (array_agg(price ORDER BY id))[1]::text AS open, max(price)::text AS high, min(price)::text AS low,
        sum(total)::text AS volume, sum(amount)::text AS amount
      FROM trades t WHERE t.market_id = m.id AND t.id >= (SELECT id FROM first) AND t.created_at >= ${since}
    ) w ON true
    WHERE m.state <> 'disabled'
    ORDER BY m.position, m.id`.execute(db)).rows;
  const at = String(Math.floor(now.getTime() / 1000));
  const out: Record<string, Ticker> = {};
  for (const r of rows) {
    const last = r.last ?? '0';
    const open = r.open ?? last;
    const avg = r.amount && Number(r.amount) > 0 ? (Number(r.volume) / Number(r.amount)).toString() : '0.0';
    out[r.id] = {
      at, avg_price: avg, high: trim(r.high ?? last), last: trim(last), low: trim(r.low ?? last), open: trim(open),
      price_change_percent: changePercent(open, last), volume: trim(r.volume), amount: trim(r.amount),
    };
  }
  return out;
}

export type Candle = [number, number, number, number, number, number];

/** The current period's candle; with no trade in it yet, a flat one at the last price (none before any trade). */
export async function latestCandle(db: Kysely<DB>, market: string, period: KlinePeriod, now: Date): Promise<Candle | null> {
  const seconds = PERIOD_SECONDS[period];
  const start = Math.floor(now.getTime() / 1000 / seconds) * seconds;
  const since = new Date(start * 1000);
  const r = (await sql<{ open: string | null; high: string | null; low: string | null; close: string | null; volume: string | null; prev: string | null }>`
    WITH first AS (SELECT coalesce((SELECT id FROM trades WHERE created_at >= ${since} ORDER BY created_at, id LIMIT 1), 9223372036854775807) AS id)
    SELECT (array_agg(price ORDER BY id))[1]::text AS open, max(price)::text AS high, min(price)::text AS low,
      (array_agg(price ORDER BY id DESC))[1]::text AS close, sum(amount)::text AS volume,
      (SELECT price::text FROM trades p WHERE p.market_id = ${market} AND p.id < (SELECT id FROM first) ORDER BY p.id DESC LIMIT 1) AS prev
    FROM trades t WHERE t.market_id = ${market} AND t.id >= (SELECT id FROM first) AND t.created_at >= ${since}`.execute(db)).rows[0];
  if (r.open === null) {
    if (r.prev === null) return null;
    const p = Number(r.prev);
    return [start, p, p, p, p, 0];
  }
  return [start, Number(r.open), Number(r.high), Number(r.low), Number(r.close), Number(r.volume)];
}
