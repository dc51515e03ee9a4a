/**
 * The server process's entry (src/server/cli/serve.mjs) on a bundle built the way server-bundle.ts builds the
 * server's (CommonJS, import.meta.url defined): it runs it, maps a stack trace's bundle frames back to the
 * TypeScript file and line, writes V8's code cache once the code says it started, and uses that cache next time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { BUNDLE_URL } from '../../src/server/cli/bundle-path.mjs';

const SERVE = resolve('src/server/cli/serve.mjs');
let dir: string;
let bundle: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'steward-serve-'));
  writeFileSync(join(dir, 'entry.ts'), [
    "import { fileURLToPath } from 'node:url';",
    'const started = (globalThis as Record<symbol, (() => void) | undefined>)[Symbol.for(\'steward.started\')];',
    'console.log(JSON.stringify({ self: fileURLToPath(import.meta.url), entry: process.argv[1], cacheNeeded: Boolean(started) }));',
    'started?.();',
    'function fails(): never {',
    "  throw new Error('boom');",
    '}',
    'try { fails(); } catch (e) { console.log((e as Error).stack); }',
  ].join('\n'));
  bundle = join(dir, 'main.cjs');
  await build({ entryPoints: [join(dir, 'entry.ts')], outfile: bundle, bundle: true, platform: 'node', format: 'cjs',
    define: { 'import.meta.url': BUNDLE_URL }, sourcemap: 'linked', logLevel: 'silent' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// DATABASE_URL: no PGlite compile (the bundle here has no node_modules beside it).
const run = () => execFileSync(process.execPath, [SERVE, bundle], { encoding: 'utf8', env: { ...process.env, DATABASE_URL: 'postgres://unused' } });

describe('serve.mjs', () => {
  it('runs the bundle as the entry, maps its stack frames to the TypeScript source, and keeps V8\'s code for the next start', () => {
    const first = run().split('\n');
    expect(JSON.parse(first[0]!)).toEqual({ self: bundle, entry: bundle, cacheNeeded: true });
    expect(first[1]).toBe('Error: boom');
    expect(first[2]).toMatch(new RegExp(`at fails \\(${join(dir, 'entry.ts').replace(/[.\\/]/g, '\\$&')}:6:9\\)$`));
    expect(existsSync(`${bundle}.v8-cache`)).toBe(true);
    // The cache was taken: nothing asks for a new one.
    expect(JSON.parse(run().split('\n')[0]!).cacheNeeded).toBe(false);
  });
});
