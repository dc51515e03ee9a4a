/**
 * The feed's input: NOTIFY steward_events (migration 0019), sent by triggers at commit. Why NOTIFY and
 * not an outbox table: PostgreSQL delivers a transaction's notifications only once it commits, in commit
 * order, to every listening node, with no table to poll or prune; an outbox read by id would skip rows of
 * transactions that commit out of id order. What NOTIFY does not give is durability: a node whose LISTEN
 * connection drops misses what committed meanwhile, so `resync` runs when it is back and the consumers
 * that hold state (order books, queue counts) rebuild it from the database. Clients are not owed a replay
 * (Ranger resumes nothing either); the books they hold are re-snapshotted.
 */
import type { Listen } from '../db/listen.js';

export const EVENTS_CHANNEL = 'steward_events';

/** An order row as the trigger sends it; `d` is the change to the open volume at its price. */
export interface OrderEvent {
  t: 'order'; x: string; id: number; market_id: string; member_id: number; side: 'buy' | 'sell'; ord_type: string;
  price: string | null; avg_price: string; state: string; origin_volume: string; remaining_volume: string;
  trades_count: number; created_at: number; updated_at: number; d: string;
}
export interface TradeEvent {
  t: 'trade'; x: string; id: number; market_id: string; price: string; amount: string; total: string;
  maker_order_id: number; taker_order_id: number; maker_id: number; taker_id: number; taker_type: 'buy' | 'sell'; created_at: number;
}
export interface BalanceEvent { t: 'balance'; member_id: number; currency: string; balance: string; locked: string }
export interface RowEvent { t: 'deposit' | 'withdraw' | 'adjustment' | 'crypto_setting'; id: number; state: string }
export interface ApplicationEvent { t: 'application' }
/** A member's new deposit address (migration 0042) and the visible currencies of its chain. */
export interface DepositAddressEvent { t: 'deposit_address'; member_id: number; address: string; currencies: string[] }
export type FeedEvent = OrderEvent | TradeEvent | BalanceEvent | RowEvent | ApplicationEvent | DepositAddressEvent;

const KINDS = new Set(['order', 'trade', 'balance', 'deposit', 'withdraw', 'adjustment', 'crypto_setting', 'application', 'deposit_address']);

export interface EventSink {
  event(e: FeedEvent): void;
  /** Notifications may have been missed while not listening: rebuild what is derived from them. */
  resync(): void;
}

export class EventBus {
  private readonly sinks = new Set<EventSink>();
  private listening = false;
  /** Events seen (tests and the bench read it). */
  count = 0;

  get ready(): boolean { return this.listening; }

  add(sink: EventSink): () => void {
    this.sinks.add(sink);
    return () => { this.sinks.delete(sink); };
  }

  /** One payload from the channel; anything that is not one of ours is ignored. */
  receive(payload: string): void {
    let e: FeedEvent;
    try { e = JSON.parse(payload) as FeedEvent; } catch { return; }
    if (!e || typeof e !== 'object' || !KINDS.has((e as { t?: string }).t as string)) return;
    this.count++;
    for (const s of this.sinks) s.event(e);
  }

  async listen(listen: Listen): Promise<() => Promise<void>> {
    let missed = false;
    const stop = await listen(EVENTS_CHANNEL, {
      payload: (p) => this.receive(p),
      lost: () => { this.listening = false; missed = true; },
      ready: () => {
        this.listening = true;
        if (!missed) return;
        missed = false;
        for (const s of this.sinks) s.resync();
      },
    });
    return async () => { this.listening = false; await stop(); };
  }
}
