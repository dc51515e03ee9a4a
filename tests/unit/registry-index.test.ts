/**
 * The client's registry index (src/client/registry/index.generated.ts) is made from the declarations, never
 * kept by hand: it must be what the generator makes of them now.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INDEX_FILE, entryOf, indexSource } from '../../src/client/registry/generate.js';
import { RESOURCES, REGISTRY } from '../../src/shared/resources/index.js';

describe('the registry index', () => {
  it('is what the declarations generate (after a change: npx tsx src/client/registry/generate.ts)', async () => {
    expect(readFileSync(INDEX_FILE, 'utf8')).toBe(await indexSource());
  });

  it('names, for each resource, the resources its screens look up, transitively', () => {
    const pending = entryOf(REGISTRY['pending-applications']!, 'pending-applications');
    expect(pending.needs).toContain('coin-applications');
    expect(entryOf(REGISTRY['pending-withdraws']!, 'withdraws').needs).toContain('withdraws');
    // The user directory's list reads no other declaration: its first load carries only its own.
    expect(entryOf(REGISTRY.users!, 'users').needs).toEqual([]);
    for (const r of RESOURCES) expect(entryOf(r, 'x').needs).not.toContain(r.name);
  });
});
