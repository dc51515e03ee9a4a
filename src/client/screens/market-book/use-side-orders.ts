/**
 * The open orders of one side of a market (at one price when a level is selected), from the orders
 * list call. The book moves much faster than anyone reads, so a change of the book refetches after a
 * quiet spell (BOOK_REFETCH_MS); a new side, price or an explicit reload (after a cancel) fetches at
 * once. Answers that arrive after a newer request has gone out are dropped.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { compareDecimal } from '../../../shared/decimal';
import { orders } from '../../../shared/resources/orders';
import { listRows, type Row } from '../../api/resources';
import { notifyFailure } from '../../state/toasts';

/** How long the book must stay still before the orders under it are fetched again. */
export const BOOK_REFETCH_MS = 300;
/** One page: the orders nearest the top of the book are what staff act on. */
export const SIDE_ORDERS_LIMIT = 50;

export type OrderSide = 'buy' | 'sell';

export interface SideOrders { rows: Row[]; loading: boolean; reload(): void }

/** Sells cheapest first, buys dearest first (as the ladder), then oldest first: the matching order. */
function byBookOrder(side: OrderSide) {
  return (a: Row, b: Row) => {
    const p = compareDecimal(String(a.price ?? '0'), String(b.price ?? '0'));
    return (side === 'sell' ? p : -p) || Number(a.id) - Number(b.id);
  };
}

export function useSideOrders(market: string, side: OrderSide, price: string | null, bookVersion: number): SideOrders {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);

  const fetchNow = useCallback(() => {
    const ticket = ++latest.current;
    setLoading(true);
    // order_by is limited to id on this list (orders.list.sortable), so the page is put in book order here.
    const query = { market, state: 'wait', side, limit: SIDE_ORDERS_LIMIT, ...(price === null ? {} : { price }) };
    listRows(orders, query)
      .then((page) => { if (ticket === latest.current) setRows([...page.rows].sort(byBookOrder(side))); })
      .catch((err) => { if (ticket === latest.current) notifyFailure(err); })
      .finally(() => { if (ticket === latest.current) setLoading(false); });
  }, [market, side, price]);

  useEffect(() => {
    fetchNow();
    return () => { latest.current += 1; };
  }, [fetchNow]);

  // The first version is the one the fetch above already sees; later ones wait for the book to settle.
  const seen = useRef(bookVersion);
  useEffect(() => {
    if (bookVersion === seen.current) return;
    seen.current = bookVersion;
    const t = setTimeout(fetchNow, BOOK_REFETCH_MS);
    return () => clearTimeout(t);
  }, [bookVersion, fetchNow]);

  return { rows, loading, reload: fetchNow };
}
