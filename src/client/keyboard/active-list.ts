/**
 * The list screen on display, as the keyboard commands see it ([ ] paging, / filter, j/k rows). A
 * module slot that tells its listeners when it changes, so an open palette offers the list's commands
 * as soon as the list mounts (the palette may have opened while the screen was still loading).
 */
import type { ListActions } from '../../../commands/types';

export type ListController = ListActions;

let current: ListController | null = null;
const listeners = new Set<() => void>();

function changed(): void {
  for (const fn of listeners) fn();
}

/** Registers the mounted list; returns the unregister function for the effect's cleanup. */
export function setActiveList(c: ListController): () => void {
  current = c;
  changed();
  return () => {
    if (current !== c) return;
    current = null;
    changed();
  };
}

export const activeList = (): ListController | null => current;

/** Calls `fn` whenever the list on screen registers or leaves; returns the unsubscribe function. */
export function onActiveListChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => { listeners.delete(fn); };
}
