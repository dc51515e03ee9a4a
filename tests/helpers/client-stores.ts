/**
 * The client project runs its files in one module graph per worker (isolate: false, vite.config.ts): a
 * store keeps what the previous file left in it. Each file starts from the stores as they were first
 * made: every valtio store the client's modules export is put back to its first state before the file.
 */
import { getVersion, snapshot } from 'valtio/vanilla';

type Store = Record<string, unknown>;
const FIRST = Symbol.for('steward.test.firstStores');
// On the worker's process, which every file of the worker shares (a file's globalThis may be its own window).
const g = process as unknown as { [FIRST]?: Map<Store, Store> };

const modules = import.meta.glob(['../../src/client/state/*.ts', '../../src/client/api/*.ts'], { eager: true });

function stores(): Store[] {
  const out: Store[] = [];
  for (const mod of Object.values(modules) as Record<string, unknown>[]) {
    for (const value of Object.values(mod)) {
      if (value && typeof value === 'object' && getVersion(value) !== undefined) out.push(value as Store);
    }
  }
  return out;
}

/** Plain objects and arrays copied deeply; anything else (an ability, a function, a Date) kept as it is. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)])) as T;
  }
  return value;
}

export function resetStores(): void {
  if (!g[FIRST]) {
    g[FIRST] = new Map(stores().map((s) => [s, copy(snapshot(s)) as Store]));
    return;
  }
  for (const [store, first] of g[FIRST]) {
    for (const key of Object.keys(store)) if (!(key in first)) delete store[key];
    for (const [key, value] of Object.entries(first)) store[key] = copy(value);
  }
}
