/**
 * The command palette, opened with Ctrl/⌘+K from anywhere. Mounted only while open, so every opening starts
 * fresh (empty input, first page, current abilities); its code (cmdk) loads with the first opening.
 */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { palette } from '../../state/palette';

const PaletteDialog = lazy(() => import('./PaletteDialog'));

export function CommandPalette() {
  const { open } = useSnapshot(palette);
  return open ? <Suspense fallback={null}><PaletteDialog /></Suspense> : null;
}
