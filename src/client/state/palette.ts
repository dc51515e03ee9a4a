/**
 * Open state of the command palette. The shell's Ctrl/Cmd+K shortcut and header hint write here;
 * the palette (components/palette, built separately) reads it and closes itself through closePalette.
 */
import { proxy } from 'valtio';

export const palette = proxy({ open: false, shortcutsOpen: false });

export function openPalette(): void {
  palette.open = true;
}

export function closePalette(): void {
  palette.open = false;
}

export function togglePalette(): void {
  palette.open = !palette.open;
}

/** The `?` sheet of keyboard shortcuts, generated from the same command list as the palette. */
export function openShortcuts(): void {
  palette.open = false;
  palette.shortcutsOpen = true;
}

export function closeShortcuts(): void {
  palette.shortcutsOpen = false;
}
