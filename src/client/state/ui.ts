/**
 * UI preferences, kept in localStorage so a reload looks the same (spec §9: Light by default). Times show
 * in UTC as the spec requires unless the staff member asks for their own zone everywhere (`time: 'local'`).
 */
import { proxy, subscribe } from 'valtio';

export type Theme = 'light' | 'dark';
/** Where timestamps show: UTC (the spec's default) or the staff member's own zone, named beside each time. */
export type TimeMode = 'utc' | 'local';

const THEME_KEY = 'steward.theme';
const SIDEBAR_KEY = 'steward.sidebar';
const TIME_KEY = 'steward.time';
const ZONE_KEY = 'steward.zone';

/** The browser's IANA zone ('Asia/Kathmandu'); UTC where the browser does not say. */
export function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** A zone the runtime knows; anything else is not used. */
export function isZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the preference lasts for this page only.
  }
}

export const ui = proxy({
  theme: (read(THEME_KEY) === 'dark' ? 'dark' : 'light') as Theme,
  sidebarOpen: read(SIDEBAR_KEY) !== 'closed',
  time: (read(TIME_KEY) === 'local' ? 'local' : 'utc') as TimeMode,
  /** The local zone: a chosen one (steward.zone) or the browser's. */
  zone: (() => { const z = read(ZONE_KEY); return z && isZone(z) ? z : browserZone(); })(),
});

/** Puts the theme on <html>, where the CSS custom properties switch on [data-theme]. */
export function applyTheme(theme: Theme = ui.theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  ui.theme = theme;
}

export function toggleTheme(): void {
  ui.theme = ui.theme === 'dark' ? 'light' : 'dark';
}

export function toggleTimeMode(): void {
  ui.time = ui.time === 'local' ? 'utc' : 'local';
}

/** Chooses the local zone (an IANA name); the browser's zone again when null. Unknown names are refused. */
export function setLocalZone(zone: string | null): boolean {
  if (zone !== null && !isZone(zone)) return false;
  ui.zone = zone ?? browserZone();
  if (zone === null) remove(ZONE_KEY); else write(ZONE_KEY, zone);
  return true;
}

export function toggleSidebar(): void {
  ui.sidebarOpen = !ui.sidebarOpen;
}

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing stored without storage.
  }
}

subscribe(ui, () => {
  write(THEME_KEY, ui.theme);
  write(TIME_KEY, ui.time);
  write(SIDEBAR_KEY, ui.sidebarOpen ? 'open' : 'closed');
  applyTheme(ui.theme);
});
