/**
 * The command palette, opened with Ctrl/⌘+K from anywhere. Mounted only while open, so every opening starts
 * fresh (empty input, first page, current abilities); its code (cmdk) loads with the first opening.
 * Closing it gives the focus back to what had it before (the header's button, a field), unless a command
 * moved the focus elsewhere or took that element away (a new page).
 */
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { palette } from '../../state/palette';

const PaletteDialog = lazy(() => import('./PaletteDialog'));

export function CommandPalette() {
  const { open } = useSnapshot(palette);
  const opener = useRef<HTMLElement | null>(null);
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
  return open ? <Suspense fallback={null}><PaletteDialog /></Suspense> : null;
}
