/**
 * kill -9 of the server during a stream of money writes — order cancels and adjustment accepts, on the
 * demo's seeded history — three times, restarting on the same data (PGlite's directory, or the
 * PostgreSQL database): every acknowledged action is there afterwards, none is half-applied (an
 * accepted adjustment has exactly its two operations, a cancelled order holds nothing and has its
 * release posted), and the ledger's invariants hold (ledger/check.ts).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { call, newStore, signIn, start, type Session } from './helpers/http.js';
import { checkLedger } from '../../src/server/ledger/check.js';

const PG_URL = process.env.TEST_DATABASE_URL;
const P = '/api/v2/peatio/admin';
const cleanup: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await Promise.resolve().then(c).catch((e) => console.error('cleanup:', e));
});

interface Action { key: string; who: 'admin' | 'support'; path: string; body?: unknown }

/** Six writers taking actions in turn from `from`; `acked` holds the keys the server answered 201 for. */
function run(base: string, sessions: Record<Action['who'], Session>, actions: Action[], from: number) {
  let next = from, stopped = false;
  const acked = new Set<string>();
  const workers = Array.from({ length: 6 }, async () => {
    while (!stopped && next < actions.length) {
      const a = actions[next++]!;
      try {
        const res = await call(base, sessions[a.who], 'POST', a.path, a.body);
        if (res.status === 201) acked.add(a.key);
      } catch { /* the server died mid-call: not acknowledged */ }
    }
  });
  return {
    acked,
    position: () => next,
    async until(n: number) { while (acked.size < n && next < actions.length) await new Promise((r) => setTimeout(r, 10)); },
    async stop() { stopped = true; await Promise.all(workers); },
  };
}

describe('kill -9 of the server during money writes', () => {
  it('keeps every acknowledged cancel and accept, half-applies none, and the ledger balances', async () => {
    const store = await newStore(PG_URL);
    cleanup.push(() => store.drop());
    let srv = await start(store);
    cleanup.push(() => srv.stop());
    const sessions = { admin: await signIn(srv.url, 'admin'), support: await signIn(srv.url, 'support') };
    const accountant = await signIn(srv.url, 'accountant');
    // Targets: the seeded open orders, and adjustments an accountant asks for (the admin accepts them).
    const open = (await call(srv.url, sessions.admin, 'GET', `${P}/orders?state=wait&limit=100`)).json() as { id: number }[];
    const pending: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await call(srv.url, accountant, 'POST', `${P}/adjustments/new`,
        { reason: `crash ${i}`, description: 'kill -9 test', category: 'misc', amount: '1.25', currency_id: 'usd', counterpart_code: 301 });
      expect(res.status, res.text).toBe(201);
      pending.push(res.json().id);
    }
    const actions: Action[] = [];
    for (let i = 0; i < Math.max(open.length, pending.length); i++) {
      if (open[i]) actions.push({ key: `order:${open[i]!.id}`, who: 'support', path: `${P}/orders/${open[i]!.id}/cancel` });
      if (pending[i]) actions.push({ key: `adjustment:${pending[i]}`, who: 'admin', path: `${P}/adjustments/action`, body: { id: pending[i], action: 'accept' } });
    }
    expect(actions.length).toBeGreaterThan(60);

    const acked = new Set<string>();
    let position = 0;
    for (let cycle = 0; cycle < 3; cycle++) {
      if (cycle > 0) { srv = await start(store); cleanup.push(() => srv.stop()); }
      const stream = run(srv.url, sessions, actions, position);
      await stream.until(10);
      await srv.kill();
      await stream.stop();
      position = stream.position();
      for (const k of stream.acked) acked.add(k);
    }
    expect(acked.size).toBeGreaterThanOrEqual(30);
    srv = await start(store);
    cleanup.push(() => srv.stop());
    expect((await call(srv.url, sessions.admin, 'GET', `${P}/orders?limit=1`)).status).toBe(200);
    await srv.stop();

    const db = await store.open();
    try {
      const k = db.kysely;
      const orderIds = open.map((o) => o.id), adjustmentIds = pending;
      const orders = await k.selectFrom('orders').select(['id', 'state', 'locked']).where('id', 'in', orderIds).execute();
      const adjustments = await k.selectFrom('adjustments').select(['id', 'state']).where('id', 'in', adjustmentIds).execute();
      const lost = [...acked].filter((key) => {
        const [kind, id] = key.split(':');
        return kind === 'order' ? orders.find((o) => o.id === Number(id))?.state !== 'cancel'
          : adjustments.find((a) => a.id === Number(id))?.state !== 'accepted';
      });
      expect(lost, 'acknowledged actions lost').toEqual([]);
      // None half-applied: each accepted adjustment has its two operations, each pending one none.
      const ops = await k.selectFrom('operations').select(['reference_id', (e) => e.fn.countAll<number>().as('n')])
        .where('reference_type', '=', 'Adjustment').where('reference_id', 'in', adjustmentIds).groupBy('reference_id').execute();
      for (const a of adjustments) {
        expect(Number(ops.find((o) => o.reference_id === a.id)?.n ?? 0), `adjustment ${a.id} (${a.state})`).toBe(a.state === 'accepted' ? 2 : 0);
      }
      for (const o of orders.filter((x) => x.state === 'cancel')) expect(Number(o.locked), `order ${o.id}`).toBe(0);
      expect((await checkLedger(k)).problems).toEqual([]);
      console.log(`kill -9 × 3 during money writes on ${PG_URL ? 'PostgreSQL' : 'PGlite'}: ${acked.size} acknowledged of ${position} sent, ledger balanced`);
    } finally {
      await db.close();
    }
  }, 600_000);
});
