// The README journey over real HTTP: `npm start`'s server on a fresh embedded database, seeded with the
// demo data, signed into the way curl would.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startServer, type RunningServer } from '../helpers/server-process.js';
import { DEFAULT_DEMO_PASSWORD } from '../../src/server/config.js';

let srv: RunningServer;
beforeAll(async () => { srv = await startServer({ STEWARD_STATIC_DIR: '' }); });
afterAll(async () => { await srv?.stop(); });

const UA = 'steward-e2e/1.0';

describe('sign-in over HTTP against a listening server', () => {
  it('prints the URL and the demo sign-in on start', () => {
    expect(srv.output()).toMatch(/running at http:\/\/localhost:\d+/i);
    expect(srv.output()).toContain('superadmin@steward.demo');
    expect(srv.output()).toContain('2fa@steward.demo');
  });

  it('signs in, reads users/me, refuses a write without CSRF, logs out', async () => {
    const login = await fetch(`${srv.url}/api/v2/barong/identity/sessions/new`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': UA },
      body: JSON.stringify({ identity: 'superadmin@steward.demo', password: DEFAULT_DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const user = await login.json();
    expect(user.role).toBe('superadmin');
    expect(typeof user.csrf_token).toBe('string');
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/_barong_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0];

    const me = await fetch(`${srv.url}/api/v2/barong/resource/users/me`, { headers: { cookie, 'user-agent': UA } });
    expect(me.status).toBe(200);
    expect((await me.json()).role).toBe('superadmin');

    const put = await fetch(`${srv.url}/api/v2/barong/admin/permissions`, {
      method: 'PUT', headers: { cookie, 'user-agent': UA, 'content-type': 'application/json' }, body: '{}',
    });
    expect(put.status).toBe(401);
    expect(await put.json()).toEqual({ errors: ['authz.missing_csrf_token'] });

    const out = await fetch(`${srv.url}/api/v2/barong/identity/sessions`, {
      method: 'DELETE', headers: { cookie, 'user-agent': UA, 'x-csrf-token': user.csrf_token },
    });
    expect(out.status).toBe(200);

    const after = await fetch(`${srv.url}/api/v2/barong/resource/users/me`, { headers: { cookie, 'user-agent': UA } });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ errors: ['authz.invalid_session'] });
  });
});
