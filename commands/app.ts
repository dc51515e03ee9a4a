/** Commands of the console itself: palette, shortcut sheet, theme, time zone, sign-out. */
import type { Command } from './types';

/** The shape of an IANA zone name: 'UTC', 'Asia/Kathmandu', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'. */
const ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

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
    id: 'ui.toggle-time',
    title: 'Toggle times: UTC / local zone',
    group: 'General',
    keywords: ['time', 'zone', 'timezone', 'utc', 'local', 'clock', 'dates'],
    shortcut: ['shift+Z'],
    run: (ctx) => ctx.toggleTimeMode(),
  },
  {
    id: 'ui.set-time-zone',
    title: 'Set local time zone…',
    group: 'General',
    keywords: ['time', 'zone', 'timezone', 'iana', 'local'],
    page: {
      kind: 'input', placeholder: 'IANA zone, e.g. Europe/Berlin (empty: the browser\'s)', action: 'Use this zone',
      validate: (arg) => (!arg || ZONE.test(arg) ? [] : ['A zone is an IANA name such as Asia/Kathmandu or UTC.']),
    },
    run: (ctx, arg) => (ctx.setTimeZone(arg?.trim() ?? '') ? undefined : Promise.resolve([`Unknown time zone: ${arg ?? ''}`])),
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
