/**
 * A market's Order Book tab (spec: "Order Book (buy and sell orders, with cancel)"): the live depth of
 * both sides from Ranger, and under each side its open orders with Cancel. When the connection is not
 * open, or the book is waiting for a fresh snapshot, the last known book stays, marked stale.
 */
import { useEffect, useState } from 'react';
import { formatInTimeZone } from 'date-fns-tz';
import { useSnapshot } from 'valtio';
import type { Resource } from '../../../shared/resources/define';
import type { Row } from '../../api/resources';
import { realtime } from '../../api/realtime';
import { orderBooks, watchOrderBook, type BookSide, type OrderBook } from '../../state/order-book';
import { DepthLadder, SIDE_TITLE } from './DepthLadder';
import { spreadOf } from './ladder';
import { SideOrders } from './SideOrders';
import './market-book.css';

const EMPTY: OrderBook = { asks: [], bids: [], sequence: null, updatedAt: null, version: 0, resyncing: true };

function Side({ market, side, book }: { market: string; side: BookSide; book: OrderBook }) {
  const [price, setPrice] = useState<string | null>(null);
  return (
    <section className={`mb-side mb-side-${side}`} aria-labelledby={`mb-${side}-title`}>
      <h3 id={`mb-${side}-title`} className="mb-title">{SIDE_TITLE[side]}</h3>
      {book.updatedAt === null
        ? <p className="mb-empty">Waiting for the book…</p>
        : <DepthLadder side={side} levels={book[side]} selected={price} onSelect={setPrice} />}
      <SideOrders market={market} side={side === 'asks' ? 'sell' : 'buy'} price={price} bookVersion={book.version}
        onClearPrice={() => setPrice(null)} />
    </section>
  );
}

/** Rendered by DetailTabs for a market row (its `id` is the market, `btcusdt`). */
export default function OrderBookTab({ row }: { resource: Resource; row: Row }) {
  const market = String(row.id);
  useEffect(() => watchOrderBook(market), [market]);
  const book = (useSnapshot(orderBooks)[market] as OrderBook | undefined) ?? EMPTY;
  const { status } = useSnapshot(realtime);
  const stale = status !== 'open' || book.resyncing;
  const spread = spreadOf(book.asks, book.bids);
  const reason = status !== 'open' ? 'not connected, showing the last known book' : 'catching up, showing the last known book';
  const badge = book.updatedAt === null ? 'Connecting…' : stale ? `Stale: ${reason}` : 'Up to date';
  return (
    <div className={`mb${stale ? ' mb-stale' : ''}`}>
      <div className="mb-status">
        <span>Spread <strong className="mb-spread">{spread ?? '—'}</strong></span>
        <span>Last update <time dateTime={book.updatedAt ? new Date(book.updatedAt).toISOString() : undefined}>
          {book.updatedAt ? `${formatInTimeZone(book.updatedAt, 'UTC', 'HH:mm:ss')} UTC` : '—'}
        </time></span>
        {/* Only the state is announced: the time changes with every increment and would drown a screen reader. */}
        <span role="status" className={`mb-badge mb-badge-${stale ? 'stale' : 'live'}`}>{badge}</span>
      </div>
      <div className="mb-sides">
        <Side market={market} side="asks" book={book} />
        <Side market={market} side="bids" book={book} />
      </div>
    </div>
  );
}
