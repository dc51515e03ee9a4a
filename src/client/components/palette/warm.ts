/**
 * The palette's code fetched ahead of the first key (issue 29 item 20). Its commands read every resource's
 * declaration, which no longer comes with the first screen (registry/): a first Ctrl+K on a cold cache
 * fetched ~60 small chunks (53 KB gzip) before it could open. Once the first screen is in and the browser is
 * idle, the commands and the palette's dialog are fetched, so the first key finds them in the cache. Not
 * through `commandsCode` (GlobalKeys.tsx): the key path keeps its own load, which a test can hold back.
 */
type IdleWindow = Window & {
  requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/** Time for the first screen's own code and data to go first; then the first idle moment, at most 5 s later. */
const AFTER_MS = 2_000;
const IDLE_WITHIN_MS = 5_000;

export function warmPaletteWhenIdle(): () => void {
  const warm = () => void Promise.all([import('./use-commands'), import('./PaletteDialog')]).catch(() => undefined);
  const w = window as IdleWindow;
  let idle: number | undefined;
  const t = setTimeout(() => {
    if (w.requestIdleCallback) idle = w.requestIdleCallback(warm, { timeout: IDLE_WITHIN_MS });
    else warm(); // Safari: no idle callback.
  }, AFTER_MS);
  return () => {
    clearTimeout(t);
    if (idle !== undefined) w.cancelIdleCallback?.(idle);
  };
}
