/**
 * The console's realtime client (src/client/api/realtime.ts, run here in Node with the `ws` package as its
 * WebSocket) against the real server process:
 * - the server killed (-9) and started again on the same port and data: the client reconnects about a
 *   second after the server is back and subscribes to its streams again (the counts come anew);
 * - on the PostgreSQL run, the database stopped and started under the server: its LISTEN comes back by
 *   itself, the book's subscribers get a fresh snapshot, and a change committed afterwards reaches them.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startCluster, type Cluster } from '../../src/server/cli/pg-cluster.js';
import { freePort } from '../helpers/server-process.js';
import { newStore, signIn, start, UA } from './helpers/http.js';
import { openDatabase } from '../../src/server/db/index.js';
import { submitOrder } from '../../src/server/trading/matching.js';
import { marketInfo } from '../../src/server/trading/orders.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await Promise.resolve().then(c).catch((e) => console.error('cleanup:', e));
});

/** The browser's WebSocket for the client module: the `ws` client carrying the session cookie and user agent. */
function browserLike(cookie: string) {
  return class extends WebSocket {
    constructor(url: string, protocols?: string | string[]) { super(url, protocols, { headers: { cookie, 'user-agent': UA } }); }
  };
}

async function loadClient(port: number, cookie: string) {
  vi.stubGlobal('window', { __STEWARD_CONFIG__: { rangerUrl: `ws://127.0.0.1:${port}/api/v2/ranger` } });
  vi.stubGlobal('WebSocket', browserLike(cookie));
  vi.resetModules();
  return import('../../src/client/api/realtime.js');
}

describe('the realtime client across restarts', () => {
  it('reconnects about a second after the server is back, and subscribes again', async () => {
    const store = await newStore(PG_URL);
    cleanup.push(() => store.drop());
    const port = await freePort();
    let srv = await start(store, {}, port);
    cleanup.push(() => srv.stop());
    const s = await signIn(srv.url);
    const rt = await loadClient(port, s.headers.cookie);
    cleanup.push(() => rt.closeRealtime());
    const counts: unknown[] = [];
    rt.subscribe('admin.queues.counts', (p) => counts.push(p));
    await vi.waitFor(() => expect(counts.length).toBe(1), { timeout: 15_000, interval: 20 });
    expect(rt.realtime.status).toBe('open');

    await srv.kill();
    await vi.waitFor(() => expect(rt.realtime.status).toBe('closed'), { timeout: 10_000, interval: 20 });
    srv = await start(store, {}, port);
    const back = performance.now();
    await vi.waitFor(() => expect(counts.length).toBe(2), { timeout: 15_000, interval: 20 });
    const took = performance.now() - back;
    expect(rt.realtime.status).toBe('open');
    // One reconnect delay (1 s) plus the handshake; generous for a loaded machine.
    expect(took).toBeLessThan(5_000);
    console.log(`realtime: resubscribed ${Math.round(took)} ms after the restarted server answered`);
  }, 400_000);

  it.skipIf(!PG_URL)('hears changes again after the database restarts, with a fresh snapshot first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'steward-rt-pg-'));
    const cluster: Cluster = await startCluster(dir);
    cleanup.push(() => { cluster.stop(); rmSync(dir, { recursive: true, force: true }); });
    const store = await newStore(cluster.url);
    const srv = await start(store);
    cleanup.push(() => srv.stop());
    const s = await signIn(srv.url);
    const rt = await loadClient(Number(new URL(srv.url).port), s.headers.cookie);
    cleanup.push(() => rt.closeRealtime());
    const frames: { stream: string; payload: any }[] = [];
    rt.subscribe('btcusdt.ob-inc', (payload, stream) => frames.push({ stream, payload }));
    await vi.waitFor(() => expect(frames.some((f) => f.stream === 'btcusdt.ob-snap')).toBe(true), { timeout: 15_000, interval: 20 });

    cluster.restart();
    // The LISTEN is back when the books are reloaded and sent again.
    await vi.waitFor(() => expect(frames.filter((f) => f.stream === 'btcusdt.ob-snap').length).toBe(2), { timeout: 30_000, interval: 50 });
    const db = await store.open();
    cleanup.push(() => db.close());
    const market = (await marketInfo(db.kysely, 'btcusdt'))!;
    const { rows } = await db.kysely.selectFrom('accounts as a').innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id']).where('a.currency_id', '=', 'usdt').where('u.role', '=', 'member').where('a.balance', '>', '100' as never)
      .limit(1).execute().then((r) => ({ rows: r }));
    await submitOrder(db.kysely, { member: rows[0].user_id, market, side: 'buy', price: '1.5', volume: '1' });
    await vi.waitFor(() => expect(frames.some((f) => f.stream === 'btcusdt.ob-inc' && f.payload.bids?.[0] === '1.5')).toBe(true), { timeout: 15_000, interval: 20 });
  }, 400_000);
});
