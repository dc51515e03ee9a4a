/**
 * Issue 30 item 9: connections are capped and slow ones end, and staff keep working past the caps.
 * A listening app (in process, over one test database) with small limits:
 * - from one address: many anonymous Ranger sockets (only the per-address cap's number open), many
 *   sockets sending their headers slowly (only the per-address cap's number held; each closed within the
 *   headers timeout) and one sending its body slowly (closed within the request timeout); meanwhile a
 *   staff member's request and WebSocket from that same address succeed;
 * - behind a trusted proxy (TRUST_PROXY=loopback): the Ranger caps count the forwarded client's address,
 *   the total caps hold across addresses, and staff still get in past them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, TEST_USER_AGENT, type SignedIn } from '../helpers/auth.js';
import { wsConnect, type WsClient } from '../helpers/ws.js';
import { ADMIN_STREAMS } from '../../src/shared/realtime-streams.js';

const HEADERS_MS = 1500;
const REQUEST_MS = 2500;
/** Node looks for expired requests every second (app.ts); the rest is a busy machine's scheduling. */
const SLACK_MS = 1000 + 1500;
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_MS), HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_MS),
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: '20', HTTP_MAX_CONNECTIONS: '40',
  RANGER_MAX_ANONYMOUS_PER_ADDRESS: '5', RANGER_MAX_ANONYMOUS: '12',
};

let direct: TestApp, proxied: TestApp;
let staff: SignedIn;
const bases = { direct: { http: '', ws: '', port: 0 }, proxied: { http: '', ws: '', port: 0 } };
const sockets: WsClient[] = [];

beforeAll(async () => {
  direct = await testApp({ env: LIMITS });
  proxied = await testApp({ db: direct.db, env: { ...LIMITS, TRUST_PROXY: 'loopback' } });
  staff = (await signInAs(direct, 'admin')).session;
  for (const [name, t] of [['direct', direct], ['proxied', proxied]] as const) {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    bases[name] = { http: address, ws: address.replace('http', 'ws'), port: Number(new URL(address).port) };
  }
});
afterAll(async () => {
  for (const s of sockets) s.ws.terminate();
  await proxied?.close();
  await direct?.close();
});

/** Opens a public (anonymous) Ranger socket; its HTTP status when refused before the upgrade, or the close code after it. */
async function anonymous(base: string, headers: Record<string, string> = {}): Promise<'open' | number> {
  try {
    const c = await wsConnect(`${base}/api/v2/ranger/public`, headers);
    sockets.push(c);
    // One that raced past the check is closed at once with 1013; an accepted one answers a subscribe.
    c.send({ event: 'subscribe', streams: ['global.tickers'] });
    const first = await Promise.race([c.next((f) => f.success, 5000).then(() => 'open' as const), c.closed.then((x) => x.code)]);
    return first;
  } catch (e) {
    return (e as { status?: number }).status ?? -1;
  }
}

interface Slow { socket: Socket; opened: number; closed: Promise<number> }

/** A socket that sends `head` and then nothing more: when it was opened, and when the server closed it. */
function slow(port: number, head: string): Promise<Slow> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now())));
    socket.on('error', () => { /* a reset: counted by 'close' */ });
    // Read (and drop) what comes back: an unread answer would hold back the end of the stream, and 'close'.
    socket.resume();
    socket.once('connect', () => { socket.write(head); resolve({ socket, opened: Date.now(), closed }); });
    socket.once('error', reject);
  });
}
const SLOW_HEADERS = 'GET /api/v2/barong/identity/configs HTTP/1.1\r\nHost: steward.test\r\nX-Slow: ';
const SLOW_BODY = 'POST /api/v2/barong/identity/sessions/new HTTP/1.1\r\nHost: steward.test\r\ncontent-type: application/json\r\ncontent-length: 500\r\n\r\n{"identity":';

/** Waits until `test` holds (checked on every event-loop turn), failing after `ms`. */
async function until(test: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function eventually(test: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await test())) if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
}

async function staffWorks(base: { http: string; ws: string }) {
  const me = await fetch(`${base.http}/api/v2/barong/resource/users/me`, { headers: { cookie: staff.cookie, 'user-agent': TEST_USER_AGENT } });
  expect(me.status).toBe(200);
  expect((await me.json()).uid).toBe(staff.user.uid);
  const c = await wsConnect(`${base.ws}/api/v2/ranger/private`, { cookie: staff.cookie, 'user-agent': TEST_USER_AGENT });
  sockets.push(c);
  c.send({ event: 'subscribe', streams: [ADMIN_STREAMS.adjustment] });
  expect((await c.next((f) => f.success)).success.streams).toContain(ADMIN_STREAMS.adjustment);
}

describe('connection caps', () => {
  it('caps one address\'s anonymous and slow sockets, ends slow requests in time, and staff from that address still work', async () => {
    const { ws, port } = bases.direct;
    const answers: Array<'open' | number> = [];
    for (let i = 0; i < 15; i++) answers.push(await anonymous(ws));
    expect(answers.filter((a) => a === 'open')).toHaveLength(5);
    expect(answers.filter((a) => a !== 'open').every((a) => a === 429 || a === 1013), JSON.stringify(answers)).toBe(true);

    const held: Slow[] = [];
    for (let i = 0; i < 60; i++) held.push(await slow(port, SLOW_HEADERS));
    const open = new Set(held);
    for (const s of held) void s.closed.then(() => open.delete(s));
    // The oldest are closed as newer ones come: never more than the cap stay.
    await until(() => open.size <= 20, 5000, `${open.size} slow-header sockets still open`);
    const slowBody = await slow(port, SLOW_BODY);

    await staffWorks(bases.direct);

    // The rest end by the headers timeout (not before it), the slow body by the request timeout.
    const times = await Promise.all(held.map(async (s) => (await s.closed) - s.opened));
    expect(Math.max(...times)).toBeGreaterThanOrEqual(HEADERS_MS - 100);
    expect(Math.max(...times)).toBeLessThanOrEqual(HEADERS_MS + SLACK_MS);
    const bodyTime = (await slowBody.closed) - slowBody.opened;
    expect(bodyTime).toBeGreaterThanOrEqual(REQUEST_MS - 100);
    expect(bodyTime).toBeLessThanOrEqual(REQUEST_MS + SLACK_MS);
    // An anonymous socket finds room again once one closes; staff work all along.
    const one = sockets.find((s) => s.ws.readyState === s.ws.OPEN && s.ws.url.includes('/public'))!;
    one.ws.close();
    await one.closed;
    await eventually(async () => (await anonymous(ws)) === 'open', 5000, 'an anonymous socket after one closed');
    await staffWorks(bases.direct);
  });

  it('behind a trusted proxy counts the forwarded client, holds the totals across clients, and lets staff past them', async () => {
    const { ws, port } = bases.proxied;
    const from = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
    const one: Array<'open' | number> = [];
    for (let i = 0; i < 7; i++) one.push(await anonymous(ws, from(1)));
    expect(one.filter((a) => a === 'open')).toHaveLength(5);
    // Others behind the same proxy are not that client: up to the total (12) in all.
    const many: Array<'open' | number> = [];
    for (let i = 2; i < 12; i++) many.push(await anonymous(ws, from(i)));
    expect(many.filter((a) => a === 'open')).toHaveLength(7);
    expect(many.slice(7)).toEqual([429, 429, 429]);

    // The proxy's own sockets have no per-address cap (they carry many clients), but the total holds.
    const held: Slow[] = [];
    for (let i = 0; i < 60; i++) held.push(await slow(port, SLOW_HEADERS));
    const open = new Set(held);
    for (const s of held) void s.closed.then(() => open.delete(s));
    await until(() => open.size <= 40, 5000, `${open.size} slow sockets still open`);
    expect(open.size).toBeGreaterThan(20);

    await staffWorks(bases.proxied);
    await Promise.all(held.map((s) => s.closed));
  });

  it('closes no request that came in whole, however many wait on the database past the cap', async () => {
    const { port } = bases.direct;
    // A session cookie the server has to look up (it is nobody's): each request waits on the database.
    const lookup = () => new Promise<number>((resolve) => {
      const req = request({ host: '127.0.0.1', port, path: '/api/v2/barong/resource/users/me', agent: false,
        headers: { cookie: `_barong_session=${'A'.repeat(43)}`, 'user-agent': TEST_USER_AGENT } },
      (res) => { res.resume(); res.once('end', () => resolve(res.statusCode ?? 0)); });
      req.once('error', () => resolve(0));
      req.end();
    });
    // The users table held by another transaction: 30 such requests from one address (cap 20) wait on it, whole.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const locked = direct.db.kysely.transaction().execute(async (trx) => {
      await sql`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`.execute(trx);
      await held;
    });
    const answers: Promise<number>[] = [];
    for (let i = 0; i < 30; i++) { answers.push(lookup()); await new Promise((r) => setTimeout(r, 10)); }
    await new Promise((r) => setTimeout(r, 300));
    release();
    await locked;
    const codes = await Promise.all(answers);
    expect(codes.filter((c) => c === 0), `answered ${JSON.stringify(codes)}`).toEqual([]);
  });
});
