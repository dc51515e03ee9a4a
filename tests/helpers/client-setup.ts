// jsdom lacks what cmdk, react-aria and uPlot touch at import or render time.
import { vi, afterEach, beforeAll } from 'vitest';
import { cleanup, configure, getConfig, prettyDOM } from '@testing-library/react';
import * as React from 'react';

// React's development build records an owner stack for the first 10,000 elements of every render: an Error
// captured per element (console.createTask too, where it exists), only ever read by React's own warnings. In
// the tests that was ~9 % of a client file's CPU (palette-filters: 2.0 of 21.4 s in jsxDEV). The counter React
// compares against its limit stays at the limit here, so every element takes React's shared "unknown owner"
// stack: warnings still name the component, without the chain of owners above it.
const internals = (React as unknown as Record<string, Record<string, unknown>>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => {}, configurable: true });

class RO { observe() {} unobserve() {} disconnect() {} }
(globalThis as any).ResizeObserver ??= RO;
Element.prototype.scrollIntoView ??= function () {};
(globalThis as any).CSS ??= {};
(globalThis as any).CSS.escape ??= (s: string) => String(s).replace(/[^a-zA-Z0-9_-]/g, (c) => '\\' + c);
window.matchMedia ??= ((q: string) => ({
  matches: false, media: q, onchange: null, addListener() {}, removeListener() {},
  addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false,
})) as any;
vi.mock('uplot-react', () => ({ default: () => null }));
afterEach(() => cleanup());
// findBy*/waitFor give up after 1 s by default; the first render of a lazy screen (the shell, an AG Grid
// list) can take longer on a busy 2-core machine, and a slow pass is not a failure. Set once, for every file.
configure({ asyncUtilTimeout: 5_000 });
// A query that finds nothing throws an error whose message prints the page (prettyDOM). Inside findBy* and
// waitFor a query fails on every look until the screen is ready, and each failure printed the whole page: ~5 %
// of a list file's CPU (list-deep, 2026-11-29) for messages nobody read. The message is made when it is read
// (a failing test's report, waitFor's timeout), with the same text Testing Library's own getElementError gives.
configure({
  getElementError(message, container) {
    const error = new Error();
    error.name = 'TestingLibraryElementError';
    let text: string | undefined;
    Object.defineProperty(error, 'message', {
      configurable: true,
      get: () => (text ??= [message, `Ignored nodes: comments, ${getConfig().defaultIgnore}\n${prettyDOM(container)}`].filter(Boolean).join('\n\n')),
      set: (value: string) => { text = value; },
    });
    return error;
  },
});

// The screens load lazily, and the first file a worker runs would pay for transforming them inside its first
// test's 5 s wait (on a busy machine, a timeout). Load every screen module here instead, before any test, with
// its own generous timeout, so no test waits on a compiler. main.tsx is the browser entry (it renders into the
// page), not a screen.
const screens = import.meta.glob(['../../src/client/**/*.tsx', '!../../src/client/main.tsx']);
// Once per worker process: the compiled modules are cached for the run, and each later file (a fresh VM context,
// vmForks) evaluates only what it uses — evaluating all 111 screens in every file cost ~0.8 s of CPU a file.
const proc = process as typeof process & { stewardScreensCompiled?: boolean };
// The shortcut keys' commands load with the first key (GlobalKeys): files assert what a key did right after
// it, so they are there in every file (their wait is shortcuts-slow-load's and palette-slow-load's to test).
beforeAll(async () => {
  await import('../../src/client/components/palette/use-commands');
  if (proc.stewardScreensCompiled) return;
  await Promise.all(Object.values(screens).map((load) => load()));
  proc.stewardScreensCompiled = true;
}, 180_000);

// The console opens its realtime socket when a screen listens (src/client/api/realtime.ts). In tests that do
// not bring a feed of their own, a socket that never connects: no test reaches for the network by accident.
// The realtime tests put a real client (the `ws` package) in its place with vi.stubGlobal.
class InertWebSocket extends EventTarget {
  static readonly CONNECTING = 0; static readonly OPEN = 1; static readonly CLOSING = 2; static readonly CLOSED = 3;
  readonly CONNECTING = 0; readonly OPEN = 1; readonly CLOSING = 2; readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  bufferedAmount = 0;
  constructor(readonly url: string) { super(); }
  send(): void {}
  close(): void { this.readyState = 3; }
}
(globalThis as any).WebSocket = InertWebSocket;
