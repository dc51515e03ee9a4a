/** Depth-ladder arithmetic on decimal strings, exactly (amounts never pass through a float). */
import { fromUnits, toUnits } from '../../../shared/decimal';
import type { Level } from '../../state/order-book';

/** A level with the volume of it and every better level on its side. */
export interface LadderRow extends Level { cumulative: string }

/** Best first (as the book keeps each side): each row's running total of volume. */
export function withCumulative(levels: readonly Level[]): LadderRow[] {
  let sum = 0n;
  return levels.map((l) => {
    try { sum += toUnits(l.volume); } catch { /* a malformed volume adds nothing rather than breaking the ladder */ }
    return { ...l, cumulative: fromUnits(sum) };
  });
}

/** Lowest ask minus highest bid, or null when a side is empty. */
export function spreadOf(asks: readonly Level[], bids: readonly Level[]): string | null {
  const ask = asks[0], bid = bids[0];
  if (!ask || !bid) return null;
  try { return fromUnits(toUnits(ask.price) - toUnits(bid.price)); } catch { return null; }
}
