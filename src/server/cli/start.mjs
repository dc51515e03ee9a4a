// npm start. Plain JavaScript on purpose: node runs it at once, where tsx's loader took ~0.4 s of a warm
// start before anything else could begin (src/server/db/README.md, "Warm start").
//
// The server runs as a child process on its bundle (server-bundle.ts). When a bundle is there, it is started
// at once and loads its modules while this process loads tsx and checks, by content, that the bundle is
// current; the server opens no database until it hears so ('bundle-current' over IPC). A stale bundle is
// rebuilt and its early server, which has touched nothing, is replaced. The console is built meanwhile when
// its sources changed (build-if-stale.ts): the server serves once it hears 'built', so a first start's build
// and seed overlap. A signal to this process is passed on to the server, whose exit ends this one with its code.
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { bundleFile, serverArgs } from './bundle-path.mjs';

const root = process.cwd();
const file = bundleFile(root);
/** The server whose exit ends this process (an early one replaced by a rebuilt bundle's does not). */
let server = null;
const startServer = () => {
  const child = spawn(process.execPath, serverArgs(root), { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  child.on('exit', (code, signal) => { if (child === server) process.exit(code ?? (signal ? 1 : 0)); });
  server = child;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => (server ? server.kill(signal) : process.exit(1)));

const mtime = () => (existsSync(file) ? statSync(file).mtimeMs : null);
const early = mtime();
if (early !== null) startServer();

try {
  const { tsImport } = await import('tsx/esm/api');
  const { serverBundle } = await tsImport('./server-bundle.ts', import.meta.url);
  await serverBundle(root, console.log);
  if (early === null || mtime() !== early) {
    const stale = server;
    startServer();
    stale?.kill('SIGKILL');
  }
  server.send('bundle-current');
  const { buildIfStale } = await tsImport('./build-if-stale.ts', import.meta.url);
  await buildIfStale();
  if (server.connected) server.send('built');
} catch (e) {
  // A failed build ends the start at once, not after the seed.
  console.error('steward: failed to start:', e instanceof Error ? e.message : e);
  server?.kill('SIGKILL');
  process.exit(1);
}
