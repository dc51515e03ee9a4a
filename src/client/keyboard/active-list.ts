/**
 * The list screen on display, as the keyboard commands see it ([ ] paging, / filter, j/k rows). A
 * plain module slot, not state: nothing renders from it, commands only call it.
 */
import type { ListActions } from '../../../commands/types';

export type ListController = ListActions;

let current: ListController | null = null;

/** Registers the mounted list; returns the unregister function for the effect's cleanup. */
export function setActiveList(c: ListController): () => void {
  current = c;
  return () => {
    if (current === c) current = null;
  };
}

export const activeList = (): ListController | null => current;
