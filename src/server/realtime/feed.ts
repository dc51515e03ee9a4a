/**
 * Turns committed changes (events.ts) into Ranger frames on this node's connections (hub.ts):
 * order events keep the order books and go to their member's `order` stream; trades go to
 * `<market>.trades` and to both members' `trade`; balances to `balance`. The markets' public frames go
 * out in ticks, at most one per TICK_MS: a change after a quiet spell at once (with whatever arrived in
 * the same read: a transaction's notifications come together), later ones when the tick is due. A tick
 * sends each book's coalesced increments (book.ts), then one `trades` frame of the market's trades in
 * it; admin rows are read once and
 * published on their admin stream; the approval queues are recounted when one of them may have moved.
 * Tickers (5 s) and candles (2 s) are republished on timers while anyone listens.
 */
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fromUnits, toUnits } from '../../shared/decimal.js';
import type { EventSink, FeedEvent, OrderEvent, TradeEvent } from './events.js';
import { MarketBook } from './book.js';
import type { Client, Hub } from './hub.js';
import { READERS, queueCounts, type EntityKind } from './entities.js';
import { latestCandle, tickers, type Ticker } from './market-data.js';
import { parseStream, QUEUE_COUNTS, QUEUES, type Queue, type StreamKind } from './streams.js';
import { ADMIN_STREAMS } from '../../shared/realtime-streams.js';

export const TICKERS_EVERY_MS = 5_000;
/**
 * The markets' order book increments and trades go out at most once per this long: changes of one level
 * within it become one increment, and each subscriber gets a tick's frames in one write.
 */
export const TICK_MS = 50;
export const KLINES_EVERY_MS = 2_000;
/** A new subscriber to the tickers reuses a read this recent. */
const TICKERS_FRESH_MS = 500;
/** Queue counts are recounted at most this often while changes come in. */
const COUNTS_DEBOUNCE_MS = 200;

const ENTITY_STREAM: Record<EntityKind, string> = {
  ...ADMIN_STREAMS, crypto_setting: 'global.crypto_settings',
};

export interface FeedDeps {
  db: Kysely<DB>;
  hub: Hub;
  now: () => Date;
  /** Which queues a role may count (its read abilities). */
  queuesFor: (role: string) => Queue[];
  warn: (err: unknown, what: string) => void;
}

export class Feed implements EventSink {
  private readonly books = new Map<string, MarketBook>();
  /** The tick's trades of each market, for `<market>.trades`, and the books changed in it. */
  private readonly tickTrades = new Map<string, TradeEvent[]>();
  private readonly tickBooks = new Set<MarketBook>();
  private tickTimer: NodeJS.Timeout | null = null;
  private lastTick = 0;
  private readonly entityIds = new Map<EntityKind, Set<number>>();
  private entityTimer: NodeJS.Timeout | null = null;
  private countsTimer: NodeJS.Timeout | null = null;
  private lastTickers: { at: number; tickers: Record<string, Ticker> } | null = null;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly d: FeedDeps) {}

  start(): void {
    const every = (ms: number, fn: () => Promise<void>) => {
      let busy = false;
      const t = setInterval(() => {
        if (busy) return;
        busy = true;
        fn().catch((err) => this.d.warn(err, 'realtime timer')).finally(() => { busy = false; });
      }, ms);
      t.unref();
      this.timers.push(t);
    };
    every(TICKERS_EVERY_MS, () => this.publishTickers());
    every(KLINES_EVERY_MS, () => this.publishKlines());
  }

  stop(): void {
    for (const t of this.timers) clearInterval(t);
    if (this.tickTimer) clearTimeout(this.tickTimer);
    if (this.entityTimer) clearTimeout(this.entityTimer);
    if (this.countsTimer) clearTimeout(this.countsTimer);
  }

  event(e: FeedEvent): void {
    switch (e.t) {
      case 'order': this.order(e); break;
      case 'trade': this.trade(e); break;
      case 'balance':
        this.d.hub.publishPrivate(e.member_id, 'balance', { currency: e.currency, balance: e.balance, locked: e.locked });
        // baseapp's `balances`: the changed accounts keyed by currency, each [balance, locked].
        this.d.hub.publishPrivate(e.member_id, 'balances', { [e.currency]: [e.balance, e.locked] });
        break;
      case 'application': this.countsChanged(); break;
      // Peatio's PaymentAddress#trigger_address_event: the member's new address and what it receives.
      case 'deposit_address':
        this.d.hub.publishPrivate(e.member_id, 'deposit_address', { type: 'create', currencies: e.currencies, address: e.address });
        break;
      default:
        this.entity(e.t, e.id);
        if (e.t === 'withdraw' || e.t === 'adjustment') this.countsChanged();
    }
  }

  /** The LISTEN dropped and is back: reload every book in use and send its subscribers a fresh snapshot. */
  resync(): void {
    for (const book of this.books.values()) {
      book.reset();
      const stream = `${book.market}.ob-inc`;
      if (!this.d.hub.listeners(stream)) { this.books.delete(book.market); continue; }
      book.load(this.d.db).then(
        () => this.d.hub.publish(stream, book.snapshot(), `${book.market}.ob-snap`),
        (err) => this.d.warn(err, 'order book reload'),
      );
    }
    this.countsChanged();
  }

  /** What a new subscriber gets at once: the book's snapshot, the latest tickers, candle or counts. */
  async welcome(c: Client, stream: string, kind: StreamKind): Promise<void> {
    const { db, now } = this.d;
    if (kind.kind === 'book') {
      let book = this.books.get(kind.market);
      if (!book) this.books.set(kind.market, (book = new MarketBook(kind.market)));
      if (!book.ready) await book.load(db);
      // The snapshot must not hold changes its increments will not carry: the tick goes out first.
      this.flushTick();
      if (c.streams.has(stream)) c.json({ [`${kind.market}.ob-snap`]: book.snapshot() });
    } else if (kind.kind === 'tickers') {
      // A burst of subscribers shares one read; a later one gets tickers as they are now.
      if (!this.lastTickers || Date.now() - this.lastTickers.at > TICKERS_FRESH_MS) this.lastTickers = { at: Date.now(), tickers: await tickers(db, now()) };
      c.json({ [stream]: this.lastTickers.tickers });
    } else if (kind.kind === 'kline') {
      const candle = await latestCandle(db, kind.market, kind.period, now());
      if (candle) c.json({ [stream]: candle });
    } else if (kind.kind === 'queues' && c.member) {
      const counts = await queueCounts(db, this.d.queuesFor(c.member.role));
      c.json({ [stream]: counts });
    }
  }

  private order(e: OrderEvent): void {
    const { hub } = this.d;
    const book = this.books.get(e.market_id);
    if (book?.apply(e)) { this.tickBooks.add(book); this.scheduleTick(); }
    hub.publishPrivate(e.member_id, 'order', {
      id: e.id, market: e.market_id, kind: e.side === 'buy' ? 'bid' : 'ask', side: e.side, ord_type: e.ord_type,
      price: e.price, avg_price: e.avg_price, state: e.state, origin_volume: e.origin_volume, remaining_volume: e.remaining_volume,
      executed_volume: fromUnits(toUnits(e.origin_volume) - toUnits(e.remaining_volume)),
      at: e.created_at, created_at: e.created_at, updated_at: e.updated_at, trades_count: e.trades_count,
    });
    this.entity('order', e.id);
  }

  private trade(e: TradeEvent): void {
    const { hub } = this.d;
    // The tickers are made of trades: the next subscriber reads them afresh.
    this.lastTickers = null;
    if (hub.listeners(`${e.market_id}.trades`)) {
      let trades = this.tickTrades.get(e.market_id);
      if (!trades) this.tickTrades.set(e.market_id, (trades = []));
      trades.push(e);
      this.scheduleTick();
    }
    const makerSide = e.taker_type === 'buy' ? 'sell' : 'buy';
    for (const [member, side, order] of [[e.maker_id, makerSide, e.maker_order_id], [e.taker_id, e.taker_type, e.taker_order_id]] as const) {
      hub.publishPrivate(member, 'trade', {
        id: e.id, price: e.price, amount: e.amount, total: e.total, market: e.market_id, side, taker_type: e.taker_type,
        created_at: e.created_at, order_id: order,
      });
    }
    this.entity('trade', e.id);
  }

  /** The next tick: at once after a quiet spell (a timer of 0 runs after the rest of this read's events), else when due. */
  private scheduleTick(): void {
    this.tickTimer ??= setTimeout(() => this.flushTick(), Math.max(0, this.lastTick + TICK_MS - performance.now()));
  }

  /** The tick's public market frames: each book's increments, then its trades as one frame (Ranger's list). */
  private flushTick(): void {
    if (this.tickTimer) clearTimeout(this.tickTimer);
    this.tickTimer = null;
    this.lastTick = performance.now();
    const { hub } = this.d;
    hub.batch(() => {
      for (const book of this.tickBooks) for (const inc of book.flush()) hub.publish(`${book.market}.ob-inc`, inc);
      for (const [market, trades] of this.tickTrades) {
        hub.publish(`${market}.trades`, {
          trades: trades.map((e) => ({ tid: e.id, taker_type: e.taker_type, date: e.created_at, price: e.price, amount: e.amount })),
        });
      }
    });
    this.tickBooks.clear();
    this.tickTrades.clear();
  }

  /** Queues an admin row to be read and published (the ids of one burst are read together). */
  private entity(kind: EntityKind, id: number): void {
    if (!this.d.hub.listeners(ENTITY_STREAM[kind])) return;
    let ids = this.entityIds.get(kind);
    if (!ids) this.entityIds.set(kind, (ids = new Set()));
    ids.add(id);
    this.entityTimer ??= setTimeout(() => { this.entityTimer = null; this.flushEntities(); }, 5);
  }

  private flushEntities(): void {
    for (const [kind, ids] of this.entityIds) {
      this.entityIds.delete(kind);
      READERS[kind](this.d.db, [...ids]).then(
        (rows) => { for (const row of rows) this.d.hub.publish(ENTITY_STREAM[kind], row); },
        (err) => this.d.warn(err, `realtime ${kind} read`),
      );
    }
  }

  private countsChanged(): void {
    if (!this.d.hub.listeners(QUEUE_COUNTS) || this.countsTimer) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = null;
      this.publishCounts().catch((err) => this.d.warn(err, 'queue counts'));
    }, COUNTS_DEBOUNCE_MS);
  }

  /** Each subscriber gets the counts its role may read; one frame per distinct set of queues. */
  private async publishCounts(): Promise<void> {
    const subs = [...this.d.hub.subscribers(QUEUE_COUNTS)];
    if (!subs.length) return;
    const counts = await queueCounts(this.d.db, Object.keys(QUEUES) as Queue[]);
    const frames = new Map<string, string>();
    for (const c of subs) {
      if (!c.member) continue;
      const queues = this.d.queuesFor(c.member.role);
      const key = queues.join(',');
      let frame = frames.get(key);
      if (frame === undefined) {
        frame = JSON.stringify({ [QUEUE_COUNTS]: Object.fromEntries(queues.map((q) => [q, counts[q]])) });
        frames.set(key, frame);
      }
      if (c.send(frame)) this.d.hub.sent++;
    }
  }

  private async publishTickers(): Promise<void> {
    if (!this.d.hub.listeners('global.tickers')) { this.lastTickers = null; return; }
    this.lastTickers = { at: Date.now(), tickers: await tickers(this.d.db, this.d.now()) };
    this.d.hub.publish('global.tickers', this.lastTickers.tickers);
  }

  private async publishKlines(): Promise<void> {
    for (const stream of this.d.hub.streamsWhere((s) => s.includes('.kline-'))) {
      const k = parseStream(stream);
      if (k?.kind !== 'kline') continue;
      const candle = await latestCandle(this.d.db, k.market, k.period, this.d.now());
      if (candle) this.d.hub.publish(stream, candle);
    }
  }
}
