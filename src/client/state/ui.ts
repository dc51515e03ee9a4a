/** UI preferences, kept in localStorage so a reload looks the same (spec §9: Light by default). */
import { proxy, subscribe } from 'valtio';

export type Theme = 'light' | 'dark';

const THEME_KEY = 'steward.theme';
const SIDEBAR_KEY = 'steward.sidebar';

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

export function toggleSidebar(): void {
  ui.sidebarOpen = !ui.sidebarOpen;
}

subscribe(ui, () => {
  write(THEME_KEY, ui.theme);
  write(SIDEBAR_KEY, ui.sidebarOpen ? 'open' : 'closed');
  applyTheme(ui.theme);
});
