/** Entry: styles, theme before first paint, no stale service worker, then the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { applyTheme } from './state/ui';
import './styles/index.css';

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
