/**
 * Shortcut steps as commands declare them (`'g'`, `'?'`, `'mod+k'`, `'shift+T'`, `'Enter'`): matching a
 * key event against a step, and the key caps shown in the palette, the sheet and tooltips.
 */
export const isMac = (): boolean =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

interface Step { mod: boolean; shift: boolean; alt: boolean; key: string }

function parse(step: string): Step {
  // A lone '+' (the viewer's zoom in) is the key itself, not a modifier joint.
  if (step === '+') return { mod: false, shift: false, alt: false, key: '+' };
  const parts = step.split('+');
  const key = parts.pop() ?? '';
  const mods = new Set(parts.map((p) => p.toLowerCase()));
  return { mod: mods.has('mod'), shift: mods.has('shift'), alt: mods.has('alt'), key };
}

const isLetter = (k: string) => /^[a-z]$/i.test(k);

export function matchStep(step: string, e: KeyboardEvent): boolean {
  const s = parse(step);
  const mod = isMac() ? e.metaKey : e.ctrlKey;
  const otherMod = isMac() ? e.ctrlKey : e.metaKey;
  if (s.mod !== mod || otherMod || s.alt !== e.altKey) return false;
  if (isLetter(s.key)) return e.key.toLowerCase() === s.key.toLowerCase() && e.shiftKey === s.shift;
  // Symbols ('?', '[', '/') come from whatever modifier the layout needs, so Shift is not checked.
  return e.key === s.key;
}

const CAPS: Record<string, string> = { Enter: '↵', Delete: 'Del', Escape: 'Esc', ArrowUp: '↑', ArrowDown: '↓' };

/** Key caps of one step: `mod+k` → ['⌘', 'K'] on a Mac, ['Ctrl', 'K'] elsewhere. */
export function capsOf(step: string): string[] {
  const s = parse(step);
  const out: string[] = [];
  if (s.mod) out.push(isMac() ? '⌘' : 'Ctrl');
  if (s.alt) out.push(isMac() ? '⌥' : 'Alt');
  if (s.shift) out.push(isMac() ? '⇧' : 'Shift');
  out.push(CAPS[s.key] ?? (s.key.length === 1 ? s.key.toUpperCase() : s.key));
  return out;
}

/** Plain text for a title attribute: `g then p`, `Ctrl+K`. */
export function shortcutText(shortcut: readonly string[]): string {
  return shortcut.map((step) => capsOf(step).join('+')).join(' then ');
}
