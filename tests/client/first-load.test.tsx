// A direct link starts the session, the abilities and the first screen's data at once (first-load.ts), and
// the screen's own first request takes the preloaded answer instead of sending a second one; a preload never
// answers for a session that turned out to be gone.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src/client/app';
import { setCsrfToken } from '../../src/client/api';
import { listRows } from '../../src/client/api/resources';
import { startFirstLoad } from '../../src/client/first-load';
import { clearSession, session, signInWith } from '../../src/client/state/session';
import { toasts } from '../../src/client/state/toasts';
import { users } from '../../src/shared/resources/users';
import { fakeApi, type FakeApi, type FakeReply } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn, staffUser } from './support/fixtures';
import { customer, UID, USER_URL } from './users-fixtures';

const LIST = `${AUTH}/admin/users`;
const ME = `${AUTH}/resource/users/me`;
const row = (email: string) => ({ id: 1, uid: 'ID0000000042', email, username: null, role: 'member', level: 1, state: 'active', country: 'DE', created_at: '2026-01-05T09:07:00Z' });
const page = (email: string): FakeReply => ({ body: [row(email)], headers: { Total: '1', Page: '1', 'Per-Page': '25' } });

let api: FakeApi;

/**
 * A page load at `path`, as main.tsx does it: the first load starts, then the app renders (cf. renderApp).
 * `token`: the CSRF token a signed-in browser keeps in localStorage from sign-in to sign-out.
 */
function loadPage(path: string, token: string | null) {
  window.__STEWARD_CONFIG__ = { captchaType: 'none', allowedRoles: ['admin', 'superadmin', 'support'] };
  window.history.replaceState(null, '', path);
  clearSession();
  setCsrfToken(token);
  session.status = 'loading';
  toasts.items.splice(0);
  const [pathname, search = ''] = path.split('?');
  startFirstLoad(pathname, search ? `?${search}` : '');
  return render(<App />);
}

const releases: (() => void)[] = [];

/** Holds /users/me until release(), so what goes out before the session is known can be seen. */
function holdSession(reply: FakeReply) {
  const held = new Promise<void>((r) => { releases.push(r); });
  api.on('GET', ME, async () => { await held; return reply; });
  return () => releases.forEach((r) => r());
}

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => {
  // A test that failed while the session was held must not leave the next one waiting on it.
  releases.splice(0).forEach((r) => r());
  clearSession();
  vi.unstubAllGlobals();
});

describe('a direct link of a signed-in staff member', () => {
  it('asks for the abilities and the list page while the session is still being checked, and sends each once', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', LIST, page('grace@customer.test'));
    const release = holdSession({ body: staffUser({ role: 'superadmin' }) });
    loadPage('/user-directory?state=active&order_by=email&ordering=asc', 'token-from-sign-in');
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    expect(api.callsTo('GET', `${AUTH}/admin/abilities`)).toHaveLength(1);
    expect(api.callsTo('GET', `${EXCHANGE}/admin/abilities`)).toHaveLength(1);
    expect(Object.fromEntries(api.callsTo('GET', LIST)[0].query))
      .toEqual({ page: '1', limit: '25', ordering: 'asc', order_by: 'email', state: 'active' });
    release();
    expect(await screen.findByText('grace@customer.test')).toBeTruthy();
    expect(api.callsTo('GET', ME)).toHaveLength(1);
    expect(api.callsTo('GET', `${AUTH}/admin/abilities`)).toHaveLength(1);
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
  });

  it("asks for the user of /user-directory/{uid} while the session is still being checked", async () => {
    signedIn(api, 'superadmin');
    api.on('GET', USER_URL, { body: customer() });
    const release = holdSession({ body: staffUser({ role: 'superadmin' }) });
    loadPage(`/user-directory/${UID}`, 'token-from-sign-in');
    await waitFor(() => expect(api.callsTo('GET', USER_URL)).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    expect(api.callsTo('GET', USER_URL)).toHaveLength(1);
  });

  it('never shows a preloaded page after the session turned out to be gone, not even to the next sign-in', async () => {
    api.on('GET', LIST, page('before@customer.test'));
    const release = holdSession({ status: 401, body: { errors: ['authz.invalid_session'] } });
    loadPage('/user-directory', 'token-of-an-ended-session');
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    release();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();

    signedIn(api, 'superadmin');
    api.on('POST', `${AUTH}/identity/sessions/new`, { body: staffUser({ role: 'superadmin', csrf_token: 'new-token' }) })
      .on('GET', LIST, page('after@customer.test'));
    await signInWith({ identity: 'ada@exchange.test', password: 'secret' });
    const fresh = await listRows(users, { page: '1', limit: '25', ordering: 'desc', order_by: 'created_at' });
    expect(fresh.rows.map((r) => r.email)).toEqual(['after@customer.test']);
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('preloads no screen data once the session is known to be gone', async () => {
    api.on('GET', ME, { status: 401, body: { errors: ['authz.invalid_session'] } })
      .on('GET', LIST, page('before@customer.test'));
    setCsrfToken('token-of-an-ended-session');
    // The session check answered before the signed-in area's code arrived.
    session.status = 'anonymous';
    await startFirstLoad('/user-directory', '');
    expect(api.callsTo('GET', LIST)).toHaveLength(0);
  });
});

describe('a visitor without the sign-in token', () => {
  it('only checks the session: no abilities, screen data or refused calls before it is known', async () => {
    api.on('GET', ME, { status: 401, body: { errors: ['authz.invalid_session'] } });
    loadPage('/user-directory', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET ${ME}`]);
  });
});
