/** What a list row can do: open, switch a toggle field at once, and delete after 'Are you sure?'. */
import { useState } from 'react';
import { keyOf, toggleChanges, type ActionDef, type Resource } from '../../shared/resources';
import { callAction, deleteRow, updateRow, type Row } from '../api/resources';
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
        // One flag of a map sends only that key (`{payment_options: {deposit: false}}`); the server merges it.
        const changes = toggleChanges(action, next);
        const saved = action.endpoint
          ? await callAction(r, action, keyOf(r, row), next)
          : await updateRow(r, keyOf(r, row), changes);
        const merged = action.key ? { [action.field]: { ...(row[action.field] as object), ...(changes[action.field] as object) } } : changes;
        after.patchRow(saved && typeof saved === 'object' && r.key in saved ? saved : { ...row, ...merged });
        notifySuccess(action.success ?? r.messages?.updated ?? 'Updated Successfully');
      } catch (err) {
        notifyFailure(err);
      }
    },
  };
}
