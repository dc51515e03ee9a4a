/**
 * Starts the real server (src/server/main.ts) as a child process on a free loopback port with its own
 * temporary data directory, the way `npm start` does after the build, and stops it afterwards. On the
 * embedded database the directory starts as a copy of a seeded one (seeded-template.ts): the demo is
 * seeded once per set of demo options, not once per server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { copySeeded, isPgliteDir } from './seeded-template.js';
import { serverCommand } from '../../src/server/cli/server-bundle.js';


export interface RunningServer {
  url: string;
  /** The server process (its RSS is in /proc/<pid>/status). */
  pid: number;
  output: () => string;
  /** Whether the process is still running. */
  alive(): boolean;
  stop(): Promise<void>;
  /** kill -9, and wait for the process to be gone (the data directory stays). */
  kill(): Promise<void>;
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

/**
 * `dataDir`: the embedded database's directory, kept on stop (a restart after a crash reopens it); a
 * temporary one otherwise. `port`: listen there (a restart where clients expect the server back).
 * `fresh`: seed an empty directory itself rather than copy the seeded template.
 */
export async function startServer(
  env: Record<string, string> = {}, timeoutMs = 150_000, opts: { dataDir?: string; port?: number; fresh?: boolean } = {},
): Promise<RunningServer> {
  const port = opts.port ?? await freePort();
  // Each server's demo blockchain node on a port of its own, so servers started side by side do not collide.
  const nodePort = env.STEWARD_NODE_SIMULATOR_PORT ?? String(await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'steward-e2e-'));
  // The embedded database starts as a copy of one seeded with the same demo options (seeded-template.ts).
  if (!env.DATABASE_URL && !opts.fresh && !isPgliteDir(dataDir)) {
    await copySeeded(dataDir, env, seedInto(env, timeoutMs));
  }
  const { child, output } = await spawnServer({ PORT: String(port), STEWARD_DATA_DIR: dataDir, STEWARD_NODE_SIMULATOR_PORT: nodePort, ...env });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((r) => child.once('exit', r));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (alive()) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (alive()) child.kill('SIGKILL');
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const kill = async () => { if (alive()) { child.kill('SIGKILL'); await exited; } };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!alive()) { await stop(); throw new Error(`server exited (${child.exitCode}):\n${output()}`); }
    if (/running at/i.test(output())) {
      try { if ((await fetch(`${url}/config.json`)).ok) return { url, pid: child.pid!, output, alive, stop, kill }; } catch { /* not yet */ }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server did not start within ${timeoutMs} ms:\n${output()}`);
}

/** Seeds the demo with these options into an empty directory (or, with DATABASE_URL, that database): a server started once and stopped cleanly. */
export const seedInto = (env: Record<string, string>, timeoutMs = 150_000) => async (dataDir: string): Promise<void> => {
  await (await startServer(env, timeoutMs, { dataDir, fresh: true })).stop();
};

/** The server process on `env` (over loopback, the embedded database, no demo market unless asked), its output collected. */
async function spawnServer(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  // Node itself on the server's bundle (cli/server-bundle.ts: it loads in a third of tsx's CPU), not a
  // wrapper command: a kill -9 must reach the server itself.
  const child: ChildProcess = spawn(process.execPath, await serverCommand(), {
    env: { ...process.env, HOST: '127.0.0.1', DATABASE_URL: '',
      // The demo market trades on its own; a test that wants it moving asks for a rate.
      STEWARD_DEMO_MARKET_RATE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { out += d; });
  return { child, output: () => out };
}

/**
 * Runs a server that is expected to refuse to start: its exit code and output. One that starts
 * listening instead (or takes past `timeoutMs`) is stopped, and that is an error.
 */
export async function refusedStart(env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const scratch = mkdtempSync(join(tmpdir(), 'steward-refused-'));
  const { child, output } = await spawnServer({ PORT: String(await freePort()), STEWARD_DATA_DIR: scratch, STEWARD_NODE_SIMULATOR_PORT: '0', ...env });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + timeoutMs;
  try {
    while (child.exitCode === null && child.signalCode === null) {
      if (/running at/i.test(output()) || Date.now() > deadline) {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`the server started (or hung) instead of refusing:\n${output()}`);
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 100))]);
    }
    return { code: await exited, output: output() };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
