/**
 * Components the shell renders once, beside every signed-in page: the command palette, the `?`
 * shortcut sheet, the global shortcut handler and the recent-records tracker (components/palette).
 */
import type { ComponentType } from 'react';
import { CommandPalette, GlobalKeys, RecordTracker, ShortcutSheet } from '../palette';

export const shellOverlays: ComponentType[] = [CommandPalette, ShortcutSheet, GlobalKeys, RecordTracker];
