/** What a list row can do: open, switch a toggle field at once, and delete after 'Are you sure?'. */
import { useState } from 'react';
import { keyOf, type ActionDef, type Resource } from '../../shared/resources';
import { deleteRow, type Row } from '../api/resources';
import { saveToggle, toggleMessage } from './toggle';
import { notifyFailure, notifySuccess } from '../state/toasts';

export interface RowActions {
  confirming: Row | null;
  deleting: boolean;
  askDelete(row: Row): void;
  cancelDelete(): void;
  confirmDelete(): Promise<void>;
  toggle(action: ActionDef, row: Row, next: string): Promise<void>;
}

export function useRowActions(r: Resource, after: { reload(): void; patchRow(row: Row): void }): RowActions {
  const [confirming, setConfirming] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState(false);

  return {
    confirming,
    deleting,
    askDelete: setConfirming,
    cancelDelete: () => setConfirming(null),
    async confirmDelete() {
      if (!confirming) return;
      setDeleting(true);
      try {
        await deleteRow(r, keyOf(r, confirming));
        notifySuccess(r.messages?.deleted ?? `${r.label} deleted`);
        setConfirming(null);
        after.reload();
      } catch (err) {
        notifyFailure(err);
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
