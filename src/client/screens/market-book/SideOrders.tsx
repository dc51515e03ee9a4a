/**
 * The open orders resting on one side of the book (or at the selected level), each with a Cancel
 * button. Cancel is disabled, with the reason, for a role that may not cancel orders.
 */
import { type Row } from '../../api/resources';
import { useCancelOrder } from './use-cancel-order';
import { useSideOrders, type OrderSide } from './use-side-orders';
import { Timestamp } from '../../components/ui/Timestamp';

const SIDE_WORD: Record<OrderSide, string> = { sell: 'sell', buy: 'buy' };

export function SideOrders({ market, side, price, bookVersion, onClearPrice }: {
  market: string; side: OrderSide; price: string | null; bookVersion: number; onClearPrice(): void;
}) {
  const { rows, loading, reload } = useSideOrders(market, side, price, bookVersion);
  const cancel = useCancelOrder(reload);
  const title = price === null ? `Open ${SIDE_WORD[side]} orders` : `Open ${SIDE_WORD[side]} orders at ${price}`;
  return (
    <section className="mb-orders" aria-label={title} aria-busy={loading}>
      <div className="mb-orders-head">
        <h4 className="mb-subtitle">{title}</h4>
        {price !== null && <button type="button" className="link-btn" onClick={onClearPrice}>Show all prices</button>}
      </div>
      {rows.length === 0
        ? <p className="mb-empty" role="status">{loading ? 'Loading…' : 'No Record Found'}</p>
        : (
          <table className="mb-table" aria-label={title}>
            <thead>
              <tr>
                <th scope="col">ID</th><th scope="col" className="mb-num">Price</th><th scope="col" className="mb-num">Remaining</th>
                <th scope="col" className="mb-num">Amount</th><th scope="col">Email</th><th scope="col">Created</th>
                <th scope="col"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((o: Row) => {
                const refusal = cancel.refusal(o);
                return (
                  <tr key={String(o.id)}>
                    <th scope="row">{String(o.id)}</th>
                    <td className="mb-num">{String(o.price ?? '')}</td>
                    <td className="mb-num">{String(o.remaining_volume ?? '')}</td>
                    <td className="mb-num">{String(o.origin_volume ?? '')}</td>
                    <td>{String(o.email ?? '')}</td>
                    <td><Timestamp value={o.created_at} /></td>
                    <td className="mb-action">
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={`Cancel order ${String(o.id)}`}
                        disabled={refusal !== undefined} title={refusal} onClick={() => cancel.ask(o)}>Cancel</button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      {cancel.dialog}
    </section>
  );
}
