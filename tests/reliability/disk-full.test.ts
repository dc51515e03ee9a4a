/**
 * The database's disk runs full (issue 30 item 6), on the real server process with its data on a small
 * volume of its own (a tmpfs; skipped with a notice where mounting is not permitted). While it is full,
 * writes and refused requests (a denial, whose audit row is a write too) are answered 507
 * server.storage_full — or served with their audit row, where PostgreSQL still finds room in a page — never
 * 500, and reads go on; once the space is back, writes work again without a restart. Every request
 * served has its audit row: each acknowledged write its 'succeed' activity in the same transaction, each
 * denial answered 401 its 'denied' activity, and nothing is half-applied.
 * - PGlite: its data directory on the volume; writes are refused below the reserve (DB_DISK_RESERVE_MB)
 *   rather than at ENOSPC, where a WAL segment that cannot be created left its engine spinning.
 * - PostgreSQL: a cluster of its own on the volume, filled to the last byte: PostgreSQL's own 53100.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { startCluster } from '../../src/server/cli/pg-cluster.js';
import { openDatabase, sql } from '../../src/server/db/index.js';
import { call, errorCode, newStore, recorded, signIn, someUid, start, UA, type Session, type Store } from './helpers/http.js';
import { canMount, smallVolume, type SmallVolume } from './helpers/small-volume.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const PGBIN = process.env.PGBIN || '/usr/lib/postgresql/15/bin';
const COMMENTS = '/api/v2/barong/admin/users/comments';
const MOUNTABLE = canMount();
if (!MOUNTABLE) console.log('disk-full.test.ts: cannot mount a tmpfs here (needs root): skipped');

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await Promise.resolve().then(c).catch((e) => console.error('cleanup:', e));
});

interface Tally { writes: Map<string, string>; denials: string[]; invalid: string[] }

/** A comment of `tag` with incompressible data, so each one takes room of its own. */
async function write(base: string, s: Session, uid: string, title: string, t: Tally): Promise<string> {
  const res = await call(base, s, 'POST', COMMENTS, { uid, title, data: randomBytes(3000).toString('hex') });
  const answer = res.status === 201 ? '201' : `${res.status} ${errorCode(res.text)}`;
  t.writes.set(title, answer);
  return answer;
}

/** A comment by a role that may not write one: refused, and audited as denied. */
async function deny(base: string, s: Session, uid: string, t: Tally): Promise<string> {
  const res = await call(base, s, 'POST', COMMENTS, { uid, title: 'disk-denied', data: 'x' });
  const answer = `${res.status} ${errorCode(res.text)}`;
  t.denials.push(answer);
  return answer;
}

/** A comment whose title is too long: refused before the write, with the AUDIT row's 'failed' activity. */
async function invalid(base: string, s: Session, uid: string, t: Tally): Promise<string> {
  const res = await call(base, s, 'POST', COMMENTS, { uid, title: 'x'.repeat(65), data: 'disk-invalid' });
  const answer = `${res.status} ${errorCode(res.text)}`;
  t.invalid.push(answer);
  return answer;
}

/**
 * Fills the volume, drives writes (until three are refused: PostgreSQL fits some rows in pages it
 * already has), denials and a read, frees the space, and checks the answers and the audit trail.
 * `leave`: the bytes left free.
 */
async function scenario(vol: SmallVolume, store: Store, leave: number, kind: string) {
  const srv = await start(store);
  cleanup.push(() => srv.stop());
  const su = await signIn(srv.url);
  const support = await signIn(srv.url, 'support');
  const uid = await someUid(srv.url, su);
  const t: Tally = { writes: new Map(), denials: [], invalid: [] };
  expect(await write(srv.url, su, uid, 'disk-before', t)).toBe('201');
  expect(await deny(srv.url, support, uid, t)).toMatch(/^401 /);
  expect(await invalid(srv.url, su, uid, t)).toMatch(/^422 /);

  vol.fill(leave);
  let refused = 0;
  for (let i = 0; i < 300 && refused < 3; i++) {
    if ((await write(srv.url, su, uid, `disk-full-${i}`, t)) !== '201') refused++;
  }
  for (let i = 0; i < 3; i++) await deny(srv.url, support, uid, t);
  for (let i = 0; i < 3; i++) await invalid(srv.url, su, uid, t);
  const read = await call(srv.url, su, 'GET', '/api/v2/barong/admin/users?limit=5');
  const during = [...t.writes.values()].filter((a) => a !== '201');
  expect(refused, 'writes refused while full').toBe(3);
  expect([...new Set(during)]).toEqual(['507 server.storage_full']);
  // A refusal whose audit row cannot be written is not served either: the answer is the audit's failure.
  expect(t.denials.filter((a) => !/^401 /.test(a) && a !== '507 server.storage_full'), 'denials').toEqual([]);
  expect(t.invalid.filter((a) => !/^422 /.test(a) && a !== '507 server.storage_full'), 'invalid writes').toEqual([]);
  expect(read.status, 'a read while full').toBe(200);
  expect(srv.alive()).toBe(true);

  vol.release();
  // Back by itself: no restart, the next write works once the space is there.
  await vi.waitFor(async () => expect(await write(srv.url, su, uid, `disk-after-${randomBytes(3).toString('hex')}`, t)).toBe('201'),
    { timeout: 30_000, interval: 250 });
  for (let i = 0; i < 3; i++) expect(await write(srv.url, su, uid, `disk-after-${i}`, t)).toBe('201');
  expect(await deny(srv.url, support, uid, t)).toMatch(/^401 /);
  expect(await invalid(srv.url, su, uid, t)).toMatch(/^422 /);
  await srv.stop();

  const db = await store.open();
  try {
    const { comments, audited } = await recorded(db, 'disk');
    const acked = [...t.writes].filter(([, a]) => a === '201').map(([title]) => title);
    expect([...comments].sort(), 'the acknowledged writes, and only they').toEqual([...acked].sort());
    expect([...audited].sort(), 'writes and audit rows differ (half-applied)').toEqual([...comments].sort());
    const denied = await sql<{ n: number }>`SELECT count(*)::int AS n FROM activities WHERE result = 'denied' AND user_agent = ${UA}`.execute(db.kysely);
    expect(denied.rows[0]!.n, 'a denial answered 401 without its audit row').toBe(t.denials.filter((a) => a.startsWith('401 ')).length);
    const failed = await sql<{ n: number }>`SELECT count(*)::int AS n FROM activities
      WHERE result = 'failed' AND data->>'data' = 'disk-invalid'`.execute(db.kysely);
    expect(failed.rows[0]!.n, 'an invalid write answered 422 without its audit row').toBe(t.invalid.filter((a) => a.startsWith('422 ')).length);
  } finally {
    await db.close();
  }
  const servedFull = [...t.writes].filter(([title, a]) => title.startsWith('disk-full-') && a === '201').length;
  console.log(`${kind}, disk full: ${refused} writes refused 507 (${servedFull} served meanwhile), `
    + `denials ${JSON.stringify(t.denials)}, invalid writes ${JSON.stringify(t.invalid)}, a read served; writes back once the space was freed; every served request audited`);
}

describe.skipIf(!MOUNTABLE || !!PG_URL)('the embedded database on a full volume', () => {
  it('refuses writes and unauditable refusals 507, reads on, recovers by itself, and audits everything it served', async () => {
    const vol = smallVolume(256);
    cleanup.push(() => vol.unmount());
    const dataDir = join(vol.dir, 'data');
    mkdirSync(dataDir);
    const store: Store = { env: {}, dataDir, open: () => openDatabase({ dataDir }), drop: async () => undefined };
    // Below the reserve (64 MB by default) but with room to spare: PGlite never meets ENOSPC itself.
    await scenario(vol, store, 16 * 1_048_576, 'PGlite');
  });
});

describe.skipIf(!MOUNTABLE || !PG_URL || !existsSync(`${PGBIN}/initdb`))('PostgreSQL on a full volume', () => {
  it('answers its disk_full 507, reads on, recovers by itself, and audits everything it served', async () => {
    const vol = smallVolume(512);
    cleanup.push(() => vol.unmount());
    const cluster = await startCluster(join(vol.dir, 'cluster'));
    cleanup.push(() => cluster.stop());
    const store = await newStore(cluster.url);
    cleanup.push(() => store.drop());
    // Recycle the WAL written so far: the segments the test will need exist already, so no write of the
    // WAL meets the full disk (a PANIC and a crash restart is another test's subject: crash.test.ts).
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CHECKPOINT');
    await admin.end();
    await scenario(vol, store, 0, 'PostgreSQL');
  });
});
