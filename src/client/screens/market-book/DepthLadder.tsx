/**
 * One side of the book as a table of price levels, best first: price, the volume at it, and the
 * running total. A level's price is a toggle button: pressing it narrows the open orders beneath to
 * that price (pressing it again shows them all), so the ladder is usable from the keyboard alone.
 */
import type { CSSProperties } from 'react';
import type { BookSide, Level } from '../../state/order-book';
import { withCumulative } from './ladder';

export const SIDE_TITLE: Record<BookSide, string> = { asks: 'Sell', bids: 'Buy' };

export function DepthLadder({ side, levels, selected, onSelect }: {
  side: BookSide; levels: readonly Level[]; selected: string | null; onSelect(price: string | null): void;
}) {
  const rows = withCumulative(levels);
  // Only the depth bar's width uses floats: a picture of proportions, never an amount anyone reads.
  const total = Number(rows.at(-1)?.cumulative ?? 0) || 1;
  if (rows.length === 0) return <p className="mb-empty" role="status">No Record Found</p>;
  return (
    <table className={`mb-table mb-ladder mb-${side}`} aria-label={`${SIDE_TITLE[side]} price levels`}>
      <thead>
        <tr><th scope="col">Price</th><th scope="col" className="mb-num">Volume</th><th scope="col" className="mb-num">Total</th></tr>
      </thead>
      <tbody>
        {rows.map((l) => {
          const on = selected === l.price;
          const depth = `${Math.min(100, (Number(l.cumulative) / total) * 100).toFixed(1)}%`;
          return (
            <tr key={l.price} className={on ? 'mb-selected' : undefined} style={{ '--mb-depth': depth } as CSSProperties}>
              <th scope="row" className="mb-price">
                <button type="button" className="mb-level" aria-pressed={on} onClick={() => onSelect(on ? null : l.price)}
                  title={on ? 'Show the orders at every price' : 'Show only the orders at this price'}>
                  {l.price}
                </button>
              </th>
              <td className="mb-num">{l.volume}</td>
              <td className="mb-num">{l.cumulative}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
