/** Renders the whole console at a path with a given runtime config, starting from clean browser state. */
import { render } from '@testing-library/react';
import { App } from '../../../src/client/app';
import { toasts } from '../../../src/client/state/toasts';
import { clearSession, session } from '../../../src/client/state/session';
import { resetRecent } from '../../../src/client/state/recent';
import { resetRecords } from '../../../src/client/state/records';
import { closePalette, closeShortcuts } from '../../../src/client/state/palette';
import type { RuntimeConfig } from '../../../src/shared/runtime-config';

export function renderApp(path: string, config: Partial<RuntimeConfig> = {}) {
  window.__STEWARD_CONFIG__ = { captchaType: 'none', allowedRoles: ['admin', 'superadmin', 'support'], ...config };
  window.history.replaceState(null, '', path);
  // A fresh page load: nothing known about the session until the app asks the server.
  clearSession();
  session.status = 'loading';
  toasts.items.splice(0);
  return render(<App />);
}

export const currentPath = () => window.location.pathname;

/** What a test that drives the palette starts from: nothing stored, no recent items, palette and sheet closed. */
export function freshBrowserState(): void {
  localStorage.clear();
  resetRecent();
  resetRecords();
  closePalette();
  closeShortcuts();
}
