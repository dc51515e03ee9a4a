/**
 * Builds the console into dist/ only when what it is built from changed since the last build: `npm start`
 * and the e2e suite call it, so a warm start skips the ~30 s production build. "Changed" is by content,
 * not by modification time: a hash of every file the SPA is built from (client, shared, commands, the
 * HTML shell, public/, the Vite config and the lock file) is kept in dist/.sources; a checkout that
 * touches files without changing them rebuilds nothing, and an older file checked out again does.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCES = ['src/client', 'src/shared', 'commands', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'src/server/cli/precompress.ts'];
const STAMP = 'dist/.sources';

/**
 * Every file under `path` (or `path` itself), in a stable order, without the folders' READMEs: documentation is
 * neither built nor run, and a rewritten paragraph must not cost a rebuild (or a test run a fresh seed).
 */
export function sourceFiles(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().filter((name) => !name.endsWith('.md')).flatMap((name) => sourceFiles(join(path, name)));
}

/** The hash of every source file's path and bytes, from `root`. */
export function sourcesHash(root = process.cwd()): string {
  return filesHash(root, SOURCES.flatMap((p) => sourceFiles(resolve(root, p))).map((file) => relative(root, file)));
}

/** The hash of these files' paths (relative to `root`) and bytes, in the order given; a file gone counts as such. */
export function filesHash(root: string, files: readonly string[]): string {
  const h = createHash('sha256');
  for (const file of files) {
    const path = resolve(root, file);
    h.update(file).update('\0').update(existsSync(path) ? readFileSync(path) : '(gone)').update('\0');
  }
  return h.digest('hex');
}

/** Whether dist/ was built from the sources as they are now. */
export function isBuildCurrent(root = process.cwd()): boolean {
  const stamp = resolve(root, STAMP);
  return existsSync(resolve(root, 'dist/index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourcesHash(root);
}

/** Builds unless current; answers whether it built. */
export async function buildIfStale(root = process.cwd(), log: (line: string) => void = console.log): Promise<boolean> {
  if (isBuildCurrent(root)) return false;
  const hash = sourcesHash(root);
  log('Building the console (first start, or its sources changed)…');
  const started = Date.now();
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root, mode: 'production', logLevel: 'warn' });
  } finally {
    if (env === undefined) delete process.env.NODE_ENV; else process.env.NODE_ENV = env;
  }
  writeFileSync(resolve(root, STAMP), hash);
  log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildIfStale().catch((e) => { console.error('steward: build failed:', e instanceof Error ? e.message : e); process.exit(1); });
}
