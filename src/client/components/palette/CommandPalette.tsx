/**
 * The command palette, opened with Ctrl/⌘+K from anywhere. Mounted only while open, so every opening starts
 * fresh (empty input, first page, current abilities); its code (cmdk) loads with the first opening, and the
 * keys typed meanwhile are caught from the moment it opens (early-keys.ts) and handed to its input.
 * Closing it gives the focus back to what had it before (the header's button, a field), unless a command
 * moved the focus elsewhere or took that element away (a new page).
 */
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { closePalette, palette } from '../../state/palette';
import { EarlyKeys } from './early-keys';

const PaletteDialog = lazy(() => import('./PaletteDialog'));

/** The palette's own input (PaletteDialog's Cmdk.Input). */
export const isPaletteInput = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.classList.contains('palette-input');

export function CommandPalette() {
  const { open } = useSnapshot(palette);
  const opener = useRef<HTMLElement | null>(null);
  const [early, setEarly] = useState<EarlyKeys | null>(null);
  // Before the browser can hand over another key: the shortcut's keydown is done, nothing has painted yet.
  useLayoutEffect(() => {
    if (!open) return undefined;
    const keys = new EarlyKeys(isPaletteInput, closePalette);
    setEarly(keys);
    return () => { keys.stop(); setEarly(null); };
  }, [open]);
  useLayoutEffect(() => {
    if (open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const el = opener.current;
    opener.current = null;
    if (!el) return;
    // After the dialog's own clean-up, which leaves the focus on the body when it has nowhere to put it.
    const timer = setTimeout(() => {
      const now = document.activeElement;
      if (el.isConnected && (!now || now === document.body)) el.focus();
    }, 0);
    return () => clearTimeout(timer);
  }, [open]);
  return open && early ? <Suspense fallback={null}><PaletteDialog early={early} /></Suspense> : null;
}
