/**
 * Issue 10 item 9: X-Forwarded-For is believed only from the proxies TRUST_PROXY names. A client that
 * rotates the header keeps its own address for the brute-force budgets and in the activity log; behind
 * a named proxy the client is the address that proxy saw, not whatever the client wrote before it.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { createUser, TEST_PASSWORD } from '../helpers/users.js';

const PROXY = '10.80.0.254';
let plain: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  plain = await testApp();
  proxied = await testApp({ db: plain.db, env: { TRUST_PROXY: `${PROXY},192.168.0.0/16` } });
});
afterAll(async () => { await proxied?.close(); await plain?.close(); });

const login = (t: TestApp, identity: string, peer: string, forwarded?: string, password = 'wrong-password') => t.app.inject({
  method: 'POST', url: '/api/v2/barong/identity/sessions/new', remoteAddress: peer,
  headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  payload: { identity, password },
});
const lastLoginIp = async (userId: number) => (await plain.db.kysely.selectFrom('activities').select('user_ip')
  .where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirstOrThrow()).user_ip;

describe('TRUST_PROXY', () => {
  for (const [name, app] of [['off', () => plain], ['a list, from a peer not on it', () => proxied]] as const) {
    it(`${name}: a rotated X-Forwarded-For neither escapes the budgets nor reaches the log`, async () => {
      const u = await createUser(plain.db);
      const peer = name === 'off' ? '10.80.1.1' : '10.80.2.1';
      const answers: number[] = [];
      for (let i = 0; i < 8; i++) answers.push((await login(app(), u.email, peer, `203.0.113.${i + 1}`)).statusCode);
      expect(answers).toEqual([...Array(5).fill(401), 429, 429, 429]);
      expect(await lastLoginIp(u.id)).toBe(peer);
    });
  }

  it('behind a listed proxy the client is the address the proxy saw', async () => {
    const u = await createUser(plain.db);
    // The client forged 6.6.6.6; the proxy appended the address it really saw. A listed CIDR counts as a proxy too.
    const ok = await login(proxied, u.email, PROXY, '6.6.6.6, 198.51.100.7, 192.168.3.4', TEST_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(await lastLoginIp(u.id)).toBe('198.51.100.7');
    const user = await plain.db.kysely.selectFrom('users').select('last_ip').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(user.last_ip).toBe('198.51.100.7');
    // Each forwarded client has its own budget.
    for (let i = 0; i < 5; i++) expect((await login(proxied, u.email, PROXY, '198.51.100.8')).statusCode).toBe(401);
    expect((await login(proxied, u.email, PROXY, '198.51.100.8')).statusCode).toBe(429);
    expect((await login(proxied, u.email, PROXY, '198.51.100.9')).statusCode).toBe(401);
  });
});
