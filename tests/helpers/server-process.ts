/**
 * Starts the real server (src/server/main.ts) as a child process on a free loopback port with its own
 * temporary data directory, the way `npm start` does after the build, and stops it afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

export interface RunningServer {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export async function startServer(env: Record<string, string> = {}, timeoutMs = 150_000): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'steward-e2e-'));
  const tsx = resolve('node_modules/.bin/tsx');
  const child: ChildProcess = spawn(tsx, ['src/server/main.ts'], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), STEWARD_DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => { child.once('exit', r); setTimeout(r, 10_000); });
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) { await stop(); throw new Error(`server exited (${child.exitCode}):\n${out}`); }
    if (/running at/i.test(out)) {
      try { if ((await fetch(`${url}/config.json`)).ok) return { url, output: () => out, stop }; } catch { /* not yet */ }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not start within ${timeoutMs} ms:\n${out}`);
}
