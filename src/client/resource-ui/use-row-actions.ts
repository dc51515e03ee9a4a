/** What a list row can do: open, switch a toggle field at once, and delete after 'Are you sure?'. */
import { useState } from 'react';
import { keyOf, type ActionDef, type ConfirmableDef, type Resource } from '../../shared/resources/define';
import { deleteRow, type Row } from '../api/resources';
import { ApiError } from '../api';
import { t } from '../i18n';
import { saveToggle, toggleMessage } from './toggle';
import { notifyFailure, notifySuccess } from '../state/toasts';

export interface RowActions {
  confirming: Row | null;
  /** The delete was refused with a code the user may overrule (r.confirmable): asked again with its words. */
  overrule: { def: ConfirmableDef; message: string } | null;
  deleting: boolean;
  askDelete(row: Row): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
  toggle(action: ActionDef, row: Row, next: string): Promise<void>;
}

export function useRowActions(r: Resource, after: { reload(): void; patchRow(row: Row): void }): RowActions {
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [overrule, setOverrule] = useState<RowActions['overrule']>(null);
  const [deleting, setDeleting] = useState(false);

  return {
    confirming,
    overrule,
    deleting,
    askDelete: (row) => { setOverrule(null); setConfirming(row); },
    cancelDelete: () => { setConfirming(null); setOverrule(null); },
    async confirmDelete() {
      if (!confirming) return;
      setDeleting(true);
      try {
        await deleteRow(r, keyOf(r, confirming), overrule?.def.code);
        notifySuccess(r.messages?.deleted ?? `${r.label} deleted`);
        setConfirming(null);
        setOverrule(null);
        after.reload();
      } catch (err) {
        const def = err instanceof ApiError && !overrule ? r.confirmable?.find((c) => err.messages.includes(c.code)) : undefined;
        if (def) setOverrule({ def, message: t(def.code) });
        else notifyFailure(err);
      } finally {
        setDeleting(false);
      }
    },
    async toggle(action, row, next) {
      try {
        after.patchRow(await saveToggle(r, action, row, next));
        notifySuccess(toggleMessage(r, action));
      } catch (err) {
        notifyFailure(err);
      }
    },
  };
}
