/**
 * The realtime feed under abuse: garbage and oversized frames, floods of subscribe messages, too many
 * streams, a client that never reads, and an upgrade the session gate refuses. The server stays up and
 * keeps serving everyone else.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connect as tcp } from 'node:net';
import { testApp, type TestApp } from '../helpers/app.js';
import { wsConnect, type WsClient } from '../helpers/ws.js';
import { setupMoney, MARKET } from './money-fixtures.js';
import { FLOOD_CLOSE_AFTER, MAX_BUFFERED_BYTES, MAX_STREAMS } from '../../src/server/realtime/hub.js';
import { MAX_FRAME_BYTES } from '../../src/server/realtime/routes.js';

let t: TestApp;
let base: string;
let port: number;
const open: WsClient[] = [];
const connect = async (path = 'public') => {
  const c = await wsConnect(`${base}/api/v2/ranger/${path}`);
  open.push(c);
  return c;
};
/** A fresh client still gets an answer: the server is serving. */
async function stillServing() {
  const c = await connect();
  c.send({ event: 'subscribe', streams: [`${MARKET}.trades`] });
  await c.next((f) => f.success);
}

beforeAll(async () => {
  t = await testApp();
  await setupMoney(t);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = address.replace('http', 'ws');
  port = Number(new URL(address).port);
});
afterEach(() => { for (const c of open.splice(0)) c.close(); });
afterAll(async () => { await t?.close(); });

describe('bad frames', () => {
  it('answers garbage with an error frame and keeps the connection', async () => {
    const c = await connect();
    for (const junk of ['not json', '[]', 'null', '{"event":"dance","streams":[]}', '{"event":"subscribe","streams":"x"}',
      '{"event":"subscribe","streams":[1,2]}', JSON.stringify({ event: 'subscribe', streams: ['x'.repeat(101)] })]) c.send(junk);
    c.ws.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    await expect.poll(() => c.frames.filter((f) => f.error?.message === 'ranger.message.invalid').length).toBe(8);
    c.send({ event: 'subscribe', streams: [`${MARKET}.trades`] });
    expect(await c.next((f) => f.success)).toEqual({ success: { message: 'subscribed', streams: [`${MARKET}.trades`] } });
  });

  it('closes a connection that sends a frame past the bound (1009), and serves the rest', async () => {
    const c = await connect();
    c.ws.send('x'.repeat(MAX_FRAME_BYTES + 1));
    expect((await c.closed).code).toBe(1009);
    await stillServing();
  });

  it('refuses more than MAX_STREAMS streams on one connection', async () => {
    const { engine_id } = await t.db.kysely.selectFrom('markets').select('engine_id').where('id', '=', MARKET).executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('currencies').values(Array.from({ length: 10 }, (_, i) => ({ code: `fl${i}`, name: `Flood ${i}`, type: 'coin', precision: 8 }))).execute();
    await t.db.kysely.insertInto('markets').values(Array.from({ length: 10 }, (_, i) => ({
      id: `flood${i}`, base_unit: `fl${i}`, quote_unit: 'musd', engine_id, state: 'enabled', data: '{}', position: 100 + i,
    })) as never).execute();
    const c = await connect();
    const names = Array.from({ length: 10 }, (_, i) => [`flood${i}.trades`, `flood${i}.ob-inc`, ...['1m', '5m', '15m', '30m', '1h', '2h', '4h', '6h', '12h', '1d'].map((p) => `flood${i}.kline-${p}`)]).flat();
    c.send({ event: 'subscribe', streams: names.slice(0, 100) });
    await c.next((f) => f.success);
    c.send({ event: 'subscribe', streams: names.slice(100, 102) });
    expect(await c.next((f) => f.error)).toEqual({ error: { message: 'ranger.too_many_streams', streams: names.slice(100, 102) } });
    expect(c.frames.find((f) => f.success).success.streams).toHaveLength(MAX_STREAMS);
  });
});

describe('floods', () => {
  it('rate-limits a burst with one error frame a second, then serves it again', async () => {
    const c = await connect();
    for (let i = 0; i < 40; i++) c.send({ event: 'subscribe', streams: [`${MARKET}.trades`] });
    await c.next((f) => f.error?.message === 'ranger.rate_limited');
    expect(c.frames.filter((f) => f.error?.message === 'ranger.rate_limited').length).toBe(1);
    // The bucket refills: a message a little later is answered.
    await expect.poll(async () => {
      const before = c.frames.filter((f) => f.success).length;
      c.send({ event: 'unsubscribe', streams: [] });
      await new Promise((r) => setTimeout(r, 200));
      return c.frames.filter((f) => f.success).length > before;
    }, { timeout: 10_000 }).toBe(true);
  });

  it('closes a connection that keeps flooding (1008)', async () => {
    const c = await connect();
    for (let i = 0; i < FLOOD_CLOSE_AFTER + 50; i++) c.send({ event: 'subscribe', streams: ['global.tickers'] });
    expect((await c.closed).code).toBe(1008);
    await stillServing();
  });
});

describe('slow consumers', () => {
  it('drops a client that stops reading once its buffer passes the bound, instead of holding the frames', async () => {
    const slow = await connect();
    slow.send({ event: 'subscribe', streams: [`${MARKET}.trades`] });
    await slow.next((f) => f.success);
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    const { hub } = t.app.ranger;
    const before = hub.slowDropped;
    const payload = { trades: [{ tid: 1, taker_type: 'buy', date: 0, price: '1', amount: 'x'.repeat(8 * 1024) }] };
    // Far more than the bound: without the drop the node would hold all of it for this one client.
    for (let i = 0; i < (64 * MAX_BUFFERED_BYTES) / 8192 && hub.slowDropped === before; i++) {
      hub.publish(`${MARKET}.trades`, payload);
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    }
    await expect.poll(() => hub.slowDropped, { timeout: 10_000 }).toBeGreaterThan(before);
    await expect.poll(() => [...hub.clients].some((c) => c.streams.has(`${MARKET}.trades`) && c.ws.bufferedAmount > MAX_BUFFERED_BYTES)).toBe(false);
    await stillServing();
  });
});

describe('refused upgrades', () => {
  it('answers 401 and closes the socket', async () => {
    const sock = tcp(port, '127.0.0.1');
    let text = '';
    sock.on('data', (d) => { text += d; });
    const ended = new Promise((r) => sock.on('close', r));
    sock.write([
      'GET /api/v2/ranger/private HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Connection: Upgrade', 'Upgrade: websocket',
      'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', '', '',
    ].join('\r\n'));
    await ended;
    expect(text).toMatch(/^HTTP\/1\.1 401/);
    expect(text).toContain('authz.invalid_session');
  });
});
