/**
 * Crashes under write load, on the real server process (src/server/main.ts):
 * - kill -9 of the server during a stream of audited writes, three times, restarting it on the same
 *   data each time (PGlite's directory, or the PostgreSQL database): every acknowledged write is there
 *   afterwards, and no write is there without its audit row, or an audit row without its write;
 * - PostgreSQL stopped and started under the same load (its own throwaway cluster, on the PostgreSQL
 *   run): the server stays up, answers 503 server.database_unavailable while the database is away,
 *   reconnects by itself, loses no acknowledged write, and its session cache hears NOTIFYs again.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster, type Cluster } from '../../src/server/cli/pg-cluster.js';
import type { RunningServer } from '../helpers/server-process.js';
import { call, newStore, recorded, signIn, someUid, start, writeStream, type Session, type Store } from './helpers/http.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const PGBIN = process.env.PGBIN || '/usr/lib/postgresql/15/bin';
const ACK_TIMEOUT_MS = 60_000;

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await Promise.resolve().then(c).catch((e) => console.error('cleanup:', e));
});

/** Waits for `n` more acknowledged writes, or fails saying what the server answered instead. */
async function acks(stream: ReturnType<typeof writeStream>, n: number, srv: RunningServer) {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stream.acks(n), new Promise((_r, rej) => {
    timer = setTimeout(() => rej(new Error(`no ${n} acknowledged writes in ${ACK_TIMEOUT_MS} ms; refused: ${JSON.stringify([...stream.refused])}\n${srv.output().slice(-2000)}`)), ACK_TIMEOUT_MS);
  })]);
  clearTimeout(timer);
}

async function checkWhole(store: Store, tag: string, acked: Set<string>) {
  const db = await store.open();
  try {
    const { comments, audited } = await recorded(db, tag);
    const have = new Set(comments);
    expect([...acked].filter((t) => !have.has(t)), 'acknowledged writes lost').toEqual([]);
    expect(comments.length, 'a write twice').toBe(have.size);
    expect([...comments].sort(), 'writes and audit rows differ (half-applied)').toEqual([...audited].sort());
    return comments.length;
  } finally {
    await db.close();
  }
}

describe('kill -9 of the server during writes', () => {
  it('loses no acknowledged write and half-applies none, over three crashes', async () => {
    const store = await newStore(PG_URL);
    cleanup.push(() => store.drop());
    const acked = new Set<string>();
    let session: Session | undefined;
    let uid = '';
    for (let cycle = 0; cycle < 3; cycle++) {
      const srv = await start(store);
      cleanup.push(() => srv.stop());
      session ??= await signIn(srv.url);
      uid ||= await someUid(srv.url, session);
      const stream = writeStream(srv.url, session, uid, `crash-c${cycle}`);
      await acks(stream, 25 + cycle * 10, srv);
      await srv.kill();
      await stream.stop();
      for (const t of stream.acked) acked.add(t);
    }
    const srv = await start(store);
    expect((await call(srv.url, session!, 'GET', '/api/v2/barong/admin/abilities')).status).toBe(200);
    await srv.stop();
    const total = await checkWhole(store, 'crash', acked);
    console.log(`kill -9 × 3 on ${PG_URL ? 'PostgreSQL' : 'PGlite'}: ${acked.size} acknowledged writes, ${total} in the database, all audited`);
  });
});

describe.skipIf(!PG_URL || !existsSync(`${PGBIN}/initdb`))('PostgreSQL restarted under write load', () => {
  it('keeps the server up, answers 503 meanwhile, reconnects, loses nothing, and listens again', async () => {
    // Under the system's temporary directory: as root the cluster runs as the postgres user, which may
    // not be allowed into the checkout.
    const dir = mkdtempSync(join(tmpdir(), 'steward-reliability-pg-'));
    const cluster: Cluster = await startCluster(dir);
    cleanup.push(() => { cluster.stop(); rmSync(dir, { recursive: true, force: true }); });
    const store = await newStore(cluster.url);
    cleanup.push(() => store.drop());
    // A session cache that never expires within the test: only a NOTIFY can end an entry.
    const srv = await start(store, { SESSION_CACHE_MS: '60000' });
    cleanup.push(() => srv.stop());
    const su = await signIn(srv.url);
    const uid = await someUid(srv.url, su);
    const stream = writeStream(srv.url, su, uid, 'restart');
    await acks(stream, 30, srv);

    cluster.stop();
    const during = await Promise.all([
      call(srv.url, su, 'GET', '/api/v2/barong/admin/users?limit=5'),
      call(srv.url, su, 'POST', '/api/v2/barong/admin/users/comments', { uid, title: 'restart-during', data: 'x' }),
    ]);
    for (const r of during) expect([r.status, r.json()]).toEqual([503, { errors: ['server.database_unavailable'] }]);
    expect(srv.alive()).toBe(true);
    cluster.restart();

    await acks(stream, 30, srv);
    await stream.stop();
    expect(srv.alive()).toBe(true);
    const statuses = [...stream.refused.keys()];
    expect(statuses.filter((s) => s !== 503), 'refusals other than 503').toEqual([]);

    // The LISTEN connection is back: a lookup is cached again (a row deleted without its trigger's
    // NOTIFY still passes), and a NOTIFY sent now ends a cached session.
    const admin = new pg.Client({ connectionString: store.env.DATABASE_URL });
    await admin.connect();
    cleanup.push(() => admin.end());
    const ME = '/api/v2/barong/resource/users/me';
    // session_replication_role = replica: the delete fires no trigger, so no NOTIFY tells the server.
    const dropSessions = async (notify: boolean) => {
      await admin.query(`SET session_replication_role = ${notify ? 'origin' : 'replica'}`);
      await admin.query("DELETE FROM sessions WHERE user_id = (SELECT id FROM users WHERE email = 'admin@steward.demo')");
    };
    await vi.waitFor(async () => {
      const s = await signIn(srv.url, 'admin');
      expect((await call(srv.url, s, 'GET', ME)).status).toBe(200);
      await dropSessions(false);
      expect((await call(srv.url, s, 'GET', ME)).status).toBe(200);
    }, { timeout: 30_000, interval: 200 });
    const s = await signIn(srv.url, 'admin');
    expect((await call(srv.url, s, 'GET', ME)).status).toBe(200);
    await dropSessions(true);
    await vi.waitFor(async () => expect((await call(srv.url, s, 'GET', ME)).status).toBe(401), { timeout: 10_000, interval: 50 });

    await srv.stop();
    const total = await checkWhole(store, 'restart', stream.acked);
    console.log(`PostgreSQL restart under load: ${stream.acked.size} acknowledged writes, ${total} in the database, `
      + `${stream.refused.get(503) ?? 0} answered 503 while it was away, server up throughout`);
  });
});
