/**
 * Issue 10 item 10: every refused sign-in costs one argon2id verification of the standard parameters,
 * whether the account exists, has a usable digest (seeded customers carry '!'), or neither — so no
 * refusal answers faster than a wrong password. No timing: the verifier is watched instead.
 */
import { describe, it, expect, beforeAll, afterAll, vi } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

/** Every call of the library's verify: the digest it got and whether it did a real verification. */
const calls = vi.hoisted(() => [] as { digest: string; ran: boolean }[]);
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: async (digest: string, password: string) => {
      try {
        const ok = await real.verify(digest, password);
        calls.push({ digest, ran: true });
        return ok;
      } catch (err) {
        calls.push({ digest, ran: false });
        throw err;
      }
    },
  };
});

const STANDARD = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

let ipSeq = 0;
const login = (identity: string, password: string) => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: `10.50.0.${++ipSeq}`,
  payload: { identity, password },
});

/** The verifications one sign-in made, and its answer. */
async function refusal(identity: string, password = 'wrong-password') {
  calls.length = 0;
  const res = await login(identity, password);
  return { status: res.statusCode, body: res.json(), real: calls.filter((c) => c.ran) };
}

describe('equal-cost refusals', () => {
  it('runs exactly one standard argon2id verification for every kind of refusal', async () => {
    const known = await createUser(t.db);
    const seeded = await createUser(t.db);
    const truncated = await createUser(t.db);
    const empty = await createUser(t.db);
    const banned = await createUser(t.db, { state: 'banned' });
    // What the demo seed gives customers, a digest cut short, and none at all.
    await t.db.kysely.updateTable('users').set({ password_digest: '!' }).where('id', '=', seeded.id).execute();
    await t.db.kysely.updateTable('users').set({ password_digest: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA' }).where('id', '=', truncated.id).execute();
    await t.db.kysely.updateTable('users').set({ password_digest: '' }).where('id', '=', empty.id).execute();

    const cases = {
      'unknown identity': await refusal('nobody@nowhere.example'),
      'wrong password': await refusal(known.email),
      'seeded customer': await refusal(seeded.email),
      'seeded customer, right demo password': await refusal(seeded.email, TEST_PASSWORD),
      'truncated digest': await refusal(truncated.email),
      'empty digest': await refusal(empty.email),
      'banned, wrong password': await refusal(banned.email),
    };
    for (const [name, c] of Object.entries(cases)) {
      expect(c.status, name).toBe(401);
      expect(c.body, name).toEqual({ errors: ['identity.session.invalid_params'] });
      expect(c.real, name).toHaveLength(1);
      expect(c.real[0]!.digest, name).toMatch(STANDARD);
    }
  });
});
