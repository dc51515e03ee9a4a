/**
 * A row's `set` actions on its detail page ("Disable" on a market): header buttons offered only in the
 * states the action allows, and a confirmation that shows the change before → after ("State: Enabled →
 * Disabled") before anything is sent. `?action=<name>` opens the confirmation, which is how the
 * palette's "Disable market M" lands. The change goes through the action's own call (an adjustment's
 * accept) or else the row's update call. A four-eyes action (`notBy`) is shown disabled, with the
 * reason, to the staff member the row names.
 */
import { useState } from 'react';
import { keyOf, labelOf, type ActionDef, type Resource } from '../../shared/resources/define';
import { callAction, updateRow, type Row } from '../api/resources';
import { session } from '../state/session';
import { useSnapshot } from 'valtio';
import { actionSuccess, fourEyesReason } from './four-eyes';
import { actionTitle } from './presentation';
import { reasonFor, useAbility } from '../access';
import { HeaderActions } from '../components/layout/header-slots';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { notifyFailure, notifySuccess } from '../state/toasts';

const label = (v: unknown) => { const s = String(v ?? ''); return s.charAt(0).toUpperCase() + s.slice(1); };

/** The set actions a row may take now: declared `set`, and its value one the action starts from. */
export const offeredActions = (r: Resource, row: Row): ActionDef[] =>
  (r.actions ?? []).filter((a) => a.kind === 'set' && (!a.from || a.from.includes(String(row[a.field]))));

export function RowSetActions({ resource: r, row, open, onOpen, onDone }: {
  resource: Resource; row: Row; open: string | null; onOpen(name: string | null): void; onDone(row: Row): void;
}) {
  const ability = useAbility();
  const [pending, setPending] = useState(false);
  const offered = offeredActions(r, row);
  const active = offered.find((a) => a.name === open);
  const me = useSnapshot(session).user?.uid;
  const refusal = (a: ActionDef) => (ability.can(a.ability, r.subject, a.field) ? fourEyesReason(r, a, row, me) : reasonFor(a.ability, r.subject, a.field));
  const allowed = (a: ActionDef) => refusal(a) === undefined;

  const confirm = async () => {
    if (!active || !allowed(active)) return;
    setPending(true);
    try {
      const saved = active.endpoint
        ? await callAction(r, active, keyOf(r, row), active.values[0])
        : await updateRow(r, keyOf(r, row), { [active.field]: active.values[0] });
      notifySuccess(actionSuccess(active, saved, r.messages?.updated ?? 'Updated Successfully'));
      onDone(saved);
      onOpen(null);
    } catch (err) {
      notifyFailure(err);
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <HeaderActions>
        {offered.map((a) => (
          <button key={a.name} type="button" className="btn btn-ghost btn-sm" disabled={!allowed(a)} onClick={() => onOpen(a.name)}
            title={refusal(a)}>{a.label}</button>
        ))}
      </HeaderActions>
      <ConfirmDialog isOpen={!!active && allowed(active)} title={actionTitle(r, active?.label ?? '', keyOf(r, row))}
        confirmLabel={active?.label ?? 'Confirm'} tone="danger" pending={pending} onConfirm={() => void confirm()} onCancel={() => onOpen(null)}>
        {active && (
          <p className="before-after">
            {labelOf(active.field, r.fields[active.field])}: <strong>{label(row[active.field])}</strong> → <strong>{label(active.values[0])}</strong>
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
