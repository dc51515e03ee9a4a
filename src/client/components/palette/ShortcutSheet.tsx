/** The `?` sheet of every shortcut usable here; its dialog code loads when it is first opened. */
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { palette } from '../../state/palette';

const Sheet = lazy(() => import('./ShortcutSheetDialog'));

export function ShortcutSheet() {
  const { shortcutsOpen } = useSnapshot(palette);
  return shortcutsOpen ? <Suspense fallback={null}><Sheet /></Suspense> : null;
}
