/**
 * One keydown handler for every command shortcut, single keys and sequences alike (`g` then `p`).
 * Keys typed into fields, or pressed inside a dialog, are left alone: they belong to what has focus.
 */
import type { Command } from '../../../commands/types';
import { matchStep } from './shortcuts';

/** How long the second key of a sequence may wait for the first. */
export const SEQUENCE_MS = 1000;

/**
 * A select takes a typed character only to jump to an option starting with it; it takes no `[`, `]`, `j`
 * from a list of page sizes, so those stay list shortcuts. Named keys (arrows, Enter, Home) are its own.
 */
function selectTakes(select: HTMLSelectElement, key: string): boolean {
  if ([...key].length !== 1) return true;
  const k = key.toLowerCase();
  return [...select.options].some((o) => o.text.trim().toLowerCase().startsWith(k));
}

function ownedByFocus(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest('[role="dialog"], [role="alertdialog"]')) return true;
  if (target.isContentEditable || target.closest('input, textarea, [contenteditable="true"]')) return true;
  const select = target.closest('select');
  return !!select && selectTakes(select, key);
}

const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock']);

/** A key a shortcut may take: not handled already, not a modifier alone, not owned by what has focus. */
export const forShortcuts = (e: KeyboardEvent): boolean =>
  !e.defaultPrevented && !e.isComposing && !MODIFIERS.has(e.key) && !ownedByFocus(e.target, e.key);

export function createKeyDispatcher(commands: () => readonly Command[], run: (c: Command) => void) {
  let pending: string[] = [];
  let pendingAt = 0;

  return (e: KeyboardEvent): void => {
    if (!forShortcuts(e)) return;
    const list = commands().filter((c) => c.shortcut && c.shortcutOwner !== 'elsewhere');
    const now = Date.now();
    const prefix = now - pendingAt <= SEQUENCE_MS ? pending : [];
    // Longest first: with `g` pressed, `g p` wins over a hypothetical single `p`.
    for (const start of [prefix, []]) {
      const depth = start.length;
      const candidates = list.filter((c) => {
        const s = c.shortcut!;
        return s.length > depth && start.every((step, i) => s[i] === step) && matchStep(s[depth], e);
      });
      const done = candidates.find((c) => c.shortcut!.length === depth + 1);
      if (done) {
        e.preventDefault();
        pending = [];
        run(done);
        return;
      }
      if (candidates.length > 0) {
        e.preventDefault();
        pending = [...start, candidates[0].shortcut![depth]];
        pendingAt = now;
        return;
      }
    }
    pending = [];
  };
}
