/** Entry: a direct link's requests and code started at once, styles, theme, no stale service worker, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startFirstLoad } from './first-load';
import { applyTheme } from './state/ui';
import './styles/index.css';

void startFirstLoad();
applyTheme();

// Spec §9: a background worker left by an earlier front-end would serve stale code; remove it.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.getRegistrations()
    .then((regs) => Promise.all(regs.map((r) => r.unregister())))
    .catch(() => undefined);
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
