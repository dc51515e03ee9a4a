/**
 * A stalled network between the server and PostgreSQL (issue 30 item 5): every packet held, in both
 * directions, while writes and reads are in flight. Every request must answer within a bound (the pool's
 * wait for a connection plus the transaction limit, plus slack) with 503 and a code, and afterwards:
 * every write the client was told succeeded is in the database with its audit row, every write told
 * `server.database_timeout` (or `…_unavailable`) is not, and no write is half-applied. PostgreSQL only:
 * PGlite runs in the process, with no network to stall.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS } from '../../src/server/db/index.js';
import { call, errorCode, newStore, recorded, signIn, someUid, start, writeStream, type Answered, type Session } from './helpers/http.js';
import { stallProxy } from '../helpers/stall-proxy.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const STATEMENT_MS = 1_500;
const TRANSACTION_MS = 3_000;
/** The longest a request may take during the stall: a checkout's wait, then a transaction's limit. */
const BOUND_MS = CONNECT_TIMEOUT_MS + TRANSACTION_MS + 3_000;
const WRITERS = 8;
const READERS = 4;
/** Codes a request may be refused with during the stall. */
const STALL_CODES = ['server.database_timeout', 'server.database_outcome_unknown', 'server.database_unavailable', 'server.saved_without_answer'];

const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await Promise.resolve().then(c).catch((e) => console.error('cleanup:', e));
});

if (!PG_URL) console.log('db-stall.test.ts: PostgreSQL only (TEST_DATABASE_URL): PGlite has no network to stall; skipped');

/** `readers` loops listing users, each answer recorded like the write stream's. */
function readLoop(base: string, s: Session, readers: number, first: number) {
  const answers: Answered[] = [];
  let running = true;
  const loop = async (_: unknown, i: number) => {
    while (running) {
      const at = performance.now();
      let status = 0, code: string | null = null;
      try {
        const res = await call(base, s, 'GET', '/api/v2/barong/admin/users?limit=5');
        status = res.status;
        if (status >= 300) code = errorCode(res.text);
      } catch { /* no answer: status 0 */ }
      answers.push({ title: '', loop: first + i, at, status, code, ms: performance.now() - at });
    }
  };
  const loops = Array.from({ length: readers }, loop);
  return { answers, stop: async () => { running = false; await Promise.all(loops); } };
}

describe.skipIf(!PG_URL)('PostgreSQL behind a stalled network', () => {
  it('answers every request within its bound with 503 and a code, and loses or half-applies no write', async () => {
    const proxy = await stallProxy(PG_URL!);
    cleanup.push(() => proxy.close());
    const store = await newStore(PG_URL);
    cleanup.push(() => store.drop());
    const srv = await start(store, {
      DATABASE_URL: proxy.via(store.env.DATABASE_URL!),
      DB_STATEMENT_TIMEOUT_MS: String(STATEMENT_MS), DB_TRANSACTION_TIMEOUT_MS: String(TRANSACTION_MS),
    });
    cleanup.push(() => srv.stop());
    const su = await signIn(srv.url);
    const uid = await someUid(srv.url, su);
    const writes = writeStream(srv.url, su, uid, 'stall', WRITERS);
    const reads = readLoop(srv.url, su, READERS, WRITERS);
    await writes.acks(20);

    proxy.stall();
    const stalledAt = performance.now();
    // Held until every loop has had an answer to a request it sent during the stall: so every request
    // in flight when it began has answered, and so has one begun after. Without deadlines they all hang.
    const all = () => [...writes.answers, ...reads.answers];
    try {
      await vi.waitFor(() => {
        const answeredDuring = new Set(all().filter((a) => a.at >= stalledAt).map((a) => a.loop));
        expect(answeredDuring.size).toBe(WRITERS + READERS);
      }, { timeout: 3 * BOUND_MS, interval: 100 });
    } finally {
      proxy.resume();
    }
    const stallMs = performance.now() - stalledAt;
    await writes.acks(10);
    await writes.stop();
    await reads.stop();
    expect(srv.alive()).toBe(true);

    const answers = all();
    const during = answers.filter((a) => a.at + a.ms >= stalledAt && a.at <= stalledAt + stallMs);
    const slowest = Math.max(...answers.map((a) => a.ms));
    const late = answers.filter((a) => a.ms > BOUND_MS).map((a) => ({ ...a, sinceStall: Math.round(a.at - stalledAt) }));
    expect(late, `answered later than ${BOUND_MS} ms (stalled ${Math.round(stallMs)} ms)\n${srv.output().slice(-3000)}`).toEqual([]);
    const refused = answers.filter((a) => a.status < 200 || a.status >= 300);
    expect(refused.filter((a) => a.status !== 503 || !STALL_CODES.includes(a.code ?? '')), 'refused otherwise than 503 with a stall code').toEqual([]);
    const codes = new Map<string, number>();
    for (const a of refused) codes.set(a.code!, (codes.get(a.code!) ?? 0) + 1);

    await srv.stop();
    const db = await store.open();
    try {
      const { comments, audited } = await recorded(db, 'stall');
      const have = new Set(comments);
      expect([...writes.acked].filter((t) => !have.has(t)), 'acknowledged writes lost').toEqual([]);
      const saved = writes.answers.filter((a) => a.code === 'server.saved_without_answer');
      expect(saved.filter((a) => !have.has(a.title)).map((a) => a.title), 'writes told saved that are not').toEqual([]);
      expect(comments.length, 'a write twice').toBe(have.size);
      expect([...comments].sort(), 'writes and audit rows differ (half-applied)').toEqual([...audited].sort());
      // A write refused for a timeout (or a connection never had) cannot have committed.
      const notDone = writes.answers.filter((a) => a.code === 'server.database_timeout' || a.code === 'server.database_unavailable');
      expect(notDone.filter((a) => have.has(a.title)).map((a) => a.title), 'refused writes that happened').toEqual([]);
      const unknown = writes.answers.filter((a) => a.code === 'server.database_outcome_unknown');
      console.log(`PostgreSQL stalled ${(stallMs / 1000).toFixed(1)} s under ${WRITERS} writers and ${READERS} readers `
        + `(statement ${STATEMENT_MS} ms, transaction ${TRANSACTION_MS} ms): ${during.length} requests answered during it, `
        + `slowest ${Math.round(slowest)} ms (bound ${BOUND_MS}); refusals ${JSON.stringify(Object.fromEntries(codes))}; `
        + `${writes.acked.size} acknowledged writes all in the database with their audit rows; `
        + `${unknown.filter((a) => have.has(a.title)).length} of ${unknown.length} outcome-unknown writes had committed`);
    } finally {
      await db.close();
    }
  });
});
