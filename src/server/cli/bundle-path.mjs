// Where the server's bundle lives and the command that runs it, in plain JavaScript: npm start's launcher
// (start.mjs) needs them before TypeScript can load; server-bundle.ts builds to the same place.
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';

/**
 * A cache, never committed, emptied by a fresh `npm ci`; one per checkout, since worktrees may share one
 * node_modules (a symlink) and must never run each other's server.
 */
export const bundleDir = (root) => resolve(root, 'node_modules/.cache/steward-server', createHash('sha256').update(resolve(root)).digest('hex').slice(0, 12));

export const bundleFile = (root) => resolve(bundleDir(root), 'main.cjs');

/** The name the bundle's code reads its own file URL from (esbuild defines import.meta.url as it; serve.mjs sets it). */
export const BUNDLE_URL = '__stewardBundleUrl';

/** What serve.mjs hands the bundle on globalThis: PGlite's module being compiled (db/pglite-wasm.ts), and the
 * function main() calls once the server has started (serve.mjs then keeps V8's code cache). */
export const EARLY_PGLITE_WASM = Symbol.for('steward.pglite-wasm');
export const STARTED = Symbol.for('steward.started');

/** node's arguments for the server: its entry (serve.mjs: PGlite's compile, V8's code cache, mapped stack traces) on the bundle. */
export const serverArgs = (root) => [resolve(root, 'src/server/cli/serve.mjs'), bundleFile(root)];
