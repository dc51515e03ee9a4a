/**
 * The client's registry: the generated index (index.generated.ts) is in the entry, each declaration file
 * loads with the first screen that needs one of its resources (issue 29 item 20). The server and the
 * palette's commands read src/shared/resources whole; the shell routes by the index alone.
 */
import type { Resource } from '../../shared/resources/define';
import type { IndexEntry } from './entry';
import { INDEX, LOADERS } from './index.generated';

export type { Indexed, IndexEntry } from './entry';

const BY_NAME: ReadonlyMap<string, IndexEntry> = new Map(INDEX.map((e) => [e.name, e]));

/** Every resource's index entry, in the registry's order. */
export const indexed = (): readonly IndexEntry[] => INDEX;

/** A resource's index entry; throws on an unknown name (a programming error, not user input). */
export function entryNamed(name: string): IndexEntry {
  const e = BY_NAME.get(name);
  if (!e) throw new Error(`unknown resource '${name}'`);
  return e;
}

const loaded = new Map<string, Resource>();
const files = new Map<string, Promise<void>>();

function loadFile(file: string): Promise<void> {
  let p = files.get(file);
  if (!p) {
    p = LOADERS[file]!().then((mod) => {
      const names = new Set(INDEX.filter((e) => e.file === file).map((e) => e.name));
      for (const v of Object.values(mod)) {
        const r = v as Partial<Resource> | null;
        if (r && typeof r === 'object' && typeof r.name === 'string' && names.has(r.name)) loaded.set(r.name, r as Resource);
      }
    });
    // A failed load is tried again by the next screen that asks.
    p.catch(() => files.delete(file));
    files.set(file, p);
  }
  return p;
}

/** Loads a resource's declaration and those its screens look up by name (`needs`). */
export async function loadResource(name: string): Promise<Resource> {
  const e = entryNamed(name);
  await Promise.all([e.file, ...e.needs.map((n) => entryNamed(n).file)].map(loadFile));
  return loaded.get(name)!;
}

/**
 * A loaded resource's declaration, by name: for a screen reading a resource its own `needs` (a row tab's
 * list, a reference's rows); throws when it has not loaded (a missing `needs`, a programming error).
 */
export function resourceNamed(name: string): Resource {
  const r = loaded.get(name);
  if (!r) throw new Error(`resource '${name}' is not loaded`);
  return r;
}
