/** The palette's overlays, mounted once by the shell (components/layout/mounts.ts). */
export { CommandPalette } from './CommandPalette';
export { ShortcutSheet } from './ShortcutSheet';
export { GlobalKeys } from './GlobalKeys';
export { RecordTracker } from './RecordTracker';
