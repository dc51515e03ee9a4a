/**
 * Global setup of the e2e project: the server serves dist/, so build it first when it is missing or
 * older than any source file the SPA is built from.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

function newest(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return readdirSync(path).reduce((m, name) => Math.max(m, newest(join(path, name))), st.mtimeMs);
}

export default async function setup(): Promise<void> {
  const dist = resolve('dist/index.html');
  const sources = ['src/client', 'src/shared', 'commands', 'index.html', 'vite.config.ts'].map((p) => resolve(p)).filter(existsSync);
  const stale = !existsSync(dist) || sources.some((p) => newest(p) > statSync(dist).mtimeMs);
  if (!stale) return;
  const { build } = await import('vite');
  // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
  const env = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn' });
  } finally {
    process.env.NODE_ENV = env;
  }
}
