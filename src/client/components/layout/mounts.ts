/**
 * Components the shell renders once, beside every signed-in page: the command palette, the `?`
 * shortcut sheet and the global shortcut handler (components/palette).
 */
import type { ComponentType } from 'react';
import { CommandPalette, GlobalKeys, ShortcutSheet } from '../palette';

export const shellOverlays: ComponentType[] = [CommandPalette, ShortcutSheet, GlobalKeys];
