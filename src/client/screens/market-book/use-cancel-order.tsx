/**
 * Cancelling one open order from the book, the way the order's own page does it (RowSetActions): the
 * orders resource's `cancel` action, its ability check, the same confirmation (before → after), the
 * same call and the same toast. Only what happens next differs: the book's order list refetches.
 */
import { useState, type ReactElement } from 'react';
import { useSnapshot } from 'valtio';
import { keyOf, labelOf, type ActionDef } from '../../../shared/resources/define';
import { orders } from '../../../shared/resources/orders';
import { callAction, type Row } from '../../api/resources';
import { reasonFor, useAbility } from '../../access';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { fourEyesReason } from '../../resource-ui/four-eyes';
import { actionTitle } from '../../resource-ui/presentation';
import { session } from '../../state/session';
import { notifyFailure, notifySuccess } from '../../state/toasts';

const capital = (v: unknown) => { const s = String(v ?? ''); return s.charAt(0).toUpperCase() + s.slice(1); };

export interface CancelOrder {
  /** Why this member may not cancel the order, or undefined when they may. */
  refusal(row: Row): string | undefined;
  ask(row: Row): void;
  /** The confirmation; render it once, anywhere. */
  dialog: ReactElement;
}

/** `onDone` runs after the server has canceled the order (to refetch the list at once). */
export function useCancelOrder(onDone: () => void): CancelOrder {
  const action = orders.actions?.find((a) => a.name === 'cancel') as ActionDef;
  const ability = useAbility();
  const me = useSnapshot(session).user?.uid;
  const [asked, setAsked] = useState<Row | null>(null);
  const [pending, setPending] = useState(false);

  const refusal = (row: Row) => (ability.can(action.ability, orders.subject, action.field)
    ? fourEyesReason(orders, action, row, me)
    : reasonFor(action.ability, orders.subject, action.field));

  const confirm = async () => {
    if (!asked || refusal(asked) !== undefined) return;
    setPending(true);
    try {
      await callAction(orders, action, keyOf(orders, asked), action.values[0]);
      notifySuccess(action.success ?? 'Updated Successfully');
      setAsked(null);
      onDone();
    } catch (err) {
      notifyFailure(err);
    } finally {
      setPending(false);
    }
  };

  const dialog = (
    <ConfirmDialog isOpen={asked !== null} title={actionTitle(orders, action.label, asked ? keyOf(orders, asked) : '')}
      confirmLabel={action.label} tone="danger" pending={pending} onConfirm={() => void confirm()} onCancel={() => setAsked(null)}>
      {asked && (
        <p className="before-after">
          {labelOf(action.field, orders.fields[action.field])}: <strong>{capital(asked[action.field])}</strong> → <strong>{capital(action.values[0])}</strong>
        </p>
      )}
    </ConfirmDialog>
  );

  return { refusal, ask: (row) => { if (refusal(row) === undefined) setAsked(row); }, dialog };
}
