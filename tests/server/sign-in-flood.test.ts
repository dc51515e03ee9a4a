/**
 * Issue 10 item 2: a burst of sign-ins is answered at once past the hash gate's places (503
 * server.busy with Retry-After, before any database work), instead of queueing without bound behind
 * argon2; and one address gets at most two sign-ins in progress. The verifier is held on a latch, so "at once" means "while every
 * admitted hash is still stuck" — no timing involved.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { HashGate } from '../../src/server/auth/passwords.js';

const latch = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const state = { held: false, inside: 0, gate: Promise.resolve() };
  return {
    state,
    hold() { state.held = true; state.gate = new Promise<void>((r) => { open = r; }); },
    release() { state.held = false; open(); },
  };
});
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: async (digest: string, password: string) => {
      latch.state.inside++;
      try {
        if (latch.state.held) await latch.state.gate;
        return await real.verify(digest, password);
      } finally {
        latch.state.inside--;
      }
    },
  };
});

let t: TestApp;
beforeAll(async () => { t = await testApp({ env: { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '3' } }); });
afterAll(async () => { latch.release(); await t.close(); });

const login = (ip: string) => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: ip,
  payload: { identity: `flood-${ip}@nowhere.example`, password: 'wrong-password' },
});

describe('sign-in flood', () => {
  it('answers a burst past the gate with 503 server.busy while the admitted hashes are still running', async () => {
    latch.hold();
    const answers: number[] = [];
    const burst = Array.from({ length: 45 }, (_, i) => login(`10.61.0.${i + 1}`).then((r) => { answers.push(r.statusCode); return r; }));
    // Two hash (held), three wait for a slot; the other forty are answered without waiting for either.
    await vi.waitFor(() => {
      expect(answers).toHaveLength(40);
      expect(latch.state.inside).toBe(2);
    }, { timeout: 60_000, interval: 20 });
    expect(answers).toEqual(Array(40).fill(503));
    latch.release();
    const all = await Promise.all(burst);
    expect(all.filter((r) => r.statusCode === 401)).toHaveLength(5);
    for (const r of all.filter((x) => x.statusCode === 503)) {
      expect(r.json()).toEqual({ errors: ['server.busy'] });
      expect(r.headers['retry-after']).toBe('1');
    }
  });

  it('lets one address have two sign-ins in progress and refuses the rest at once', async () => {
    latch.hold();
    const first = [login('10.62.0.1'), login('10.62.0.1')];
    await vi.waitFor(() => expect(latch.state.inside).toBe(2), { timeout: 30_000, interval: 20 });
    const more = await Promise.all(Array.from({ length: 10 }, () => login('10.62.0.1')));
    for (const r of more) expect(r.json()).toEqual({ errors: ['identity.session.too_many_attempts'] });
    // Another address is not affected by that one's pile-up.
    const other = login('10.62.0.2');
    latch.release();
    expect((await Promise.all([...first, other])).map((r) => r.statusCode)).toEqual([401, 401, 401]);
  });
});

describe('HashGate', () => {
  it('gives `concurrency + queue` places, and runs `concurrency` hashes at once', async () => {
    const gate = new HashGate(2, 3);
    expect(Array.from({ length: 6 }, () => gate.enter())).toEqual([true, true, true, true, true, false]);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let running = 0, peak = 0;
    const job = async () => { running++; peak = Math.max(peak, running); await held; running--; return 'done'; };
    const jobs = Array.from({ length: 5 }, () => gate.run(job));
    release();
    expect(await Promise.all(jobs)).toEqual(Array(5).fill('done'));
    expect(peak).toBe(2);
    gate.leave();
    expect(gate.enter()).toBe(true);
    expect(gate.enter()).toBe(false);
  });
});
