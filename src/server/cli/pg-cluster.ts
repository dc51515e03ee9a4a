/**
 * A local PostgreSQL 15 cluster in a directory of ours, kept between runs (the benchmark seeds it once).
 * PostgreSQL refuses to run as root, so as root the directory belongs to the postgres user.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer } from 'node:net';

const PGBIN = process.env.PGBIN || '/usr/lib/postgresql/15/bin';

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

export interface Cluster {
  url: string;
  stop(): void;
  /** Stops the server, runs `between` (e.g. dropping the OS page cache), starts it again on the same port. */
  restart(between?: () => void): void;
}

export async function startCluster(dir: string): Promise<Cluster> {
  const root = resolve(dir);
  const data = `${root}/data`;
  if (!existsSync(`${PGBIN}/initdb`)) throw new Error(`no PostgreSQL server binaries in ${PGBIN}`);
  const asRoot = process.getuid?.() === 0;
  const run = (bin: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', `${PGBIN}/${bin}`, ...args], { stdio: 'pipe' })
      : execFileSync(`${PGBIN}/${bin}`, args, { stdio: 'pipe' });
  mkdirSync(root, { recursive: true });
  chmodSync(root, 0o755);
  if (asRoot) execFileSync('chown', ['postgres:', root]);
  if (!existsSync(`${data}/PG_VERSION`)) {
    run('initdb', ['-D', data, '-U', 'steward', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  }
  const port = await freePort();
  const start = () => run('pg_ctl', ['-D', data, '-l', `${root}/server.log`, '-w', '-t', '60', 'start', '-o',
    `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off `
    + '-c full_page_writes=off -c shared_buffers=1GB -c work_mem=64MB -c maintenance_work_mem=1GB -c max_wal_size=8GB']);
  const stop = () => { try { run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']); } catch { /* already down */ } };
  start();
  return {
    url: `postgres://steward@127.0.0.1:${port}/postgres`,
    stop,
    restart: (between) => { stop(); between?.(); start(); },
  };
}
