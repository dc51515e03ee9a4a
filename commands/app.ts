/** Commands of the console itself: palette, shortcut sheet, theme, sign-out. */
import type { Command } from './types';

export const appCommands: Command[] = [
  {
    id: 'palette.open',
    title: 'Open command palette',
    group: 'General',
    keywords: ['search', 'jump', 'command'],
    shortcut: ['mod+k'],
    shortcutOwner: 'elsewhere',
    // The palette is already open when this is chosen from it; running it again is harmless.
    run: () => undefined,
  },
  {
    id: 'help.shortcuts',
    title: 'Keyboard shortcuts',
    group: 'General',
    keywords: ['help', 'keys', 'cheat sheet', 'hotkeys'],
    shortcut: ['?'],
    run: (ctx) => ctx.openShortcuts(),
  },
  {
    id: 'ui.toggle-theme',
    title: 'Toggle light / dark theme',
    group: 'General',
    keywords: ['dark', 'light', 'theme', 'appearance', 'mode'],
    shortcut: ['shift+T'],
    run: (ctx) => ctx.toggleTheme(),
  },
  {
    id: 'session.logout',
    title: 'Log out',
    group: 'General',
    keywords: ['sign out', 'logout', 'exit'],
    // Same question as the sidebar's Logout (spec §2), asked as a palette page.
    page: { kind: 'confirm', question: 'Do you want to Logout?', confirmLabel: 'Logout' },
    run: (ctx) => ctx.logout(),
  },
];
