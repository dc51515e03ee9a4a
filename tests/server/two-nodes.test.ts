/**
 * Two API nodes on one PostgreSQL, as behind a load balancer (docs/scaling.md, Deployment): what one node
 * commits reaches a WebSocket client of the other, a logout on one ends the session on the other (its
 * HTTP calls and its open socket), and the sign-in brake counts attempts made on both. Real server
 * processes (src/server/main.ts); PostgreSQL only — PGlite is one process's database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { startServer, type RunningServer } from '../helpers/server-process.js';
import { wsConnect } from '../helpers/ws.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

const template = inject('dbTemplate');
const onPostgres = template.kind === 'postgres';
const UA = 'steward-two-nodes/1.0';
const SIGN_IN = '/api/v2/barong/identity/sessions';

let a: RunningServer, b: RunningServer;
let url: string;
let dbName: string;

async function signIn(node: RunningServer, email: string, password = DEFAULT_DEMO_PASSWORD) {
  const res = await fetch(`${node.url}${SIGN_IN}/new`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': UA }, body: JSON.stringify({ identity: email, password }),
  });
  const body = await res.json();
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('_barong_session=')) ?? '').split(';')[0];
  return { status: res.status, body, cookie, headers: { cookie, 'user-agent': UA, 'x-csrf-token': body.csrf_token as string } };
}

describe.skipIf(!onPostgres)('two nodes on one PostgreSQL', () => {
  beforeAll(async () => {
    const t = template as { url: string };
    dbName = `steward_nodes_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const u = new URL(t.url); u.pathname = `/${dbName}`;
    url = u.toString();
    const env = {
      // The demo on a database server is asked for by name (config.ts demoSeed).
      DATABASE_URL: url, STEWARD_DEMO_SEED: 'on', STEWARD_DEMO_USERS: '40', STEWARD_DEMO_ACTIVITIES: '400', SIGNIN_MAX_PER_ACCOUNT_IP: '4',
      STEWARD_NODE_SIMULATOR_PORT: '0', TRUST_PROXY: 'loopback',
    };
    // A migrates and seeds the empty database; B starts on it as it stands.
    a = await startServer(env, 240_000);
    b = await startServer(env, 120_000);
  }, 400_000);
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    const admin = new pg.Client({ connectionString: (template as { url: string }).url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).finally(() => admin.end());
  });

  it('a change committed through node A reaches a WebSocket client on node B', async () => {
    const staff = await signIn(a, 'superadmin@steward.demo');
    expect(staff.status).toBe(200);
    const ws = await wsConnect(`${b.url.replace('http', 'ws')}/api/v2/ranger/private`, { cookie: staff.cookie, 'user-agent': UA });
    ws.send({ event: 'subscribe', streams: ['admin.adjustment.update', 'admin.queues.counts'] });
    const first = await ws.next((f) => f['admin.queues.counts']);
    const pending = first['admin.queues.counts'].adjustments as number;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const { rows: [member] } = await db.query("SELECT uid FROM users WHERE role = 'member' ORDER BY id LIMIT 1");
    await db.end();
    const made = await fetch(`${a.url}/api/v2/peatio/admin/adjustments/new`, {
      method: 'POST', headers: { ...staff.headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        reason: 'Two nodes', description: 'Made on A, seen on B', category: 'refund', amount: '0.5', currency_id: 'btc',
        counterpart_code: 202, receiving_member_uid: member.uid,
      }),
    });
    expect(made.status).toBe(201);
    const id = (await made.json()).id;
    const row = await ws.next((f) => f['admin.adjustment.update']?.id === id);
    expect(row['admin.adjustment.update']).toMatchObject({ id, state: 'pending', amount: expect.stringMatching(/^0\.5/) });
    await ws.next((f) => f['admin.queues.counts']?.adjustments === pending + 1);
    ws.close();
  });

  it('a logout on node A ends the session on node B: its calls and its open socket', async () => {
    const s = await signIn(a, 'admin@steward.demo');
    const me = () => fetch(`${b.url}/api/v2/barong/resource/users/me`, { headers: s.headers });
    expect((await me()).status).toBe(200);
    const ws = await wsConnect(`${b.url.replace('http', 'ws')}/api/v2/ranger/private`, { cookie: s.cookie, 'user-agent': UA });
    ws.send({ event: 'subscribe', streams: ['admin.queues.counts'] });
    await ws.next((f) => f['admin.queues.counts']);
    const out = await fetch(`${a.url}${SIGN_IN}`, { method: 'DELETE', headers: s.headers });
    expect(out.status).toBeLessThan(300);
    const res = await me();
    expect([res.status, (await res.json()).errors]).toEqual([401, ['authz.invalid_session']]);
    expect(await ws.closed).toEqual({ code: 4001, reason: 'authz.invalid_session' });
  });

  it('a restriction added on node A refuses on node B at once, and its removal lets the client back', async () => {
    const staff = await signIn(a, 'superadmin@steward.demo');
    const from = (ip: string) => ({ 'x-forwarded-for': ip, 'user-agent': UA });
    const probe = () => fetch(`${b.url}/api/v2/barong/identity/configs`, { headers: from('203.0.113.9') });
    expect((await probe()).status).toBe(200);
    const made = await fetch(`${a.url}/api/v2/barong/admin/restrictions`, {
      method: 'POST', headers: { ...staff.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'blacklist', scope: 'ip', value: '203.0.113.9' }),
    });
    expect(made.status).toBe(201);
    const rule = await made.json();
    // NOTIFY crosses to B within a few milliseconds: poll briefly rather than assume zero.
    await expect.poll(async () => (await probe()).status, { timeout: 5_000, interval: 20 }).toBe(401);
    expect((await (await probe()).json()).errors).toEqual(['authz.restrict.blacklist']);
    const gone = await fetch(`${a.url}/api/v2/barong/admin/restrictions?id=${rule.id}`, { method: 'DELETE', headers: staff.headers });
    expect(gone.status).toBe(200);
    await expect.poll(async () => (await probe()).status, { timeout: 5_000, interval: 20 }).toBe(200);
  });

  it('counts sign-in attempts made on both nodes against one budget', async () => {
    const email = 'support@steward.demo';
    // The budget per account and address is 4 here: two wrong guesses on each node spend it.
    for (const node of [a, b, a, b]) expect((await signIn(node, email, 'wrong-password-1')).body.errors).toEqual(['identity.session.invalid_params']);
    for (const node of [a, b]) {
      const r = await signIn(node, email, 'wrong-password-1');
      expect(r.status).toBe(429);
    }
  });
});
