import { EARLY_PGLITE_WASM } from '../cli/bundle-path.mjs';

/**
 * PGlite's WebAssembly (9 MB) as the server process's entry (cli/serve.mjs) started compiling it, before the
 * server's bundle loaded: on V8's background threads while the main thread compiles the bundle, where
 * PGlite.create would start it only once the database opens. Absent (tests, tsx) PGlite compiles it itself
 * (and keeps it for the process's next opens).
 */
export function earlyPgliteWasm(): Promise<WebAssembly.Module> | undefined {
  return (globalThis as Record<symbol, Promise<WebAssembly.Module> | undefined>)[EARLY_PGLITE_WASM];
}
