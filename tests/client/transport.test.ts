import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, requestList, setSignInRequiredHandler, signIn, signOut } from '../../src/client/api';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, staffUser } from './support/fixtures';

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  window.__STEWARD_CONFIG__ = {};
  api = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setSignInRequiredHandler(null);
});

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    return e as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('failures are normalised', () => {
  it('takes messages from errors[] and keeps field codes', async () => {
    api.on('POST', `${AUTH}/admin/permissions`, { status: 422, body: { errors: ['admin.permission.missing_role'], fields: { role: ['admin.permission.missing_role'] } } });
    const e = await failure(request('auth', 'POST', '/admin/permissions', { body: {} }));
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 422, messages: ['admin.permission.missing_role'], fields: { role: ['admin.permission.missing_role'] } });
  });

  it("takes Peatio's bare-string errors and Barong's {error}", async () => {
    api.on('POST', `${EXCHANGE}/admin/markets/new`, { status: 405, body: { errors: 'server.method_not_allowed' } })
      .on('GET', `${AUTH}/admin/nothing`, { status: 404, body: { error: 'Route is not found' } });
    expect(await failure(request('exchange', 'POST', '/admin/markets/new'))).toMatchObject({ code: 405, messages: ['server.method_not_allowed'] });
    expect(await failure(request('auth', 'GET', '/admin/nothing'))).toMatchObject({ code: 404, messages: ['Route is not found'] });
  });

  it('turns a missing response into 500 Server error', async () => {
    api.on('GET', `${AUTH}/admin/users`, 'network-error');
    expect(await failure(request('auth', 'GET', '/admin/users'))).toMatchObject({ code: 500, messages: ['Server error'] });
  });
});

describe('requests', () => {
  it('sends cookies always and the stored CSRF token on writes only', async () => {
    localStorage.setItem('csrfToken', 'tok-1');
    api.on('GET', `${AUTH}/admin/users`, { body: [] }).on('PUT', `${AUTH}/admin/users`, { body: {} });
    await request('auth', 'GET', '/admin/users');
    await request('auth', 'PUT', '/admin/users', { body: { uid: 'U1', email: 'a@b.c' } });
    const [get, put] = api.calls;
    expect(get.credentials).toBe('include');
    expect(get.headers.get('X-CSRF-Token')).toBeNull();
    expect(put.credentials).toBe('include');
    expect(put.headers.get('X-CSRF-Token')).toBe('tok-1');
    expect(put.body).toEqual({ uid: 'U1', email: 'a@b.c' });
  });

  it('sends FormData as multipart, untouched', async () => {
    api.on('POST', '/api/v2/applogic/admin/tokens/upload', { body: {} });
    const form = new FormData();
    form.append('file', new Blob(['a,b']), 'tokens.csv');
    await request('applogic', 'POST', '/admin/tokens/upload', { body: form });
    expect(api.calls[0].body).toBe(form);
  });

  it('uses the service bases from the runtime config', async () => {
    window.__STEWARD_CONFIG__ = { exchangeUrl: 'https://gw.test/api/v2/peatio' };
    api.on('GET', '/api/v2/peatio/admin/markets', { body: [] });
    await request('exchange', 'GET', '/admin/markets');
    expect(api.calls[0].path).toBe('/api/v2/peatio/admin/markets');
  });

  it('reads Total / Page / Per-Page and drops empty filters', async () => {
    api.on('GET', `${AUTH}/admin/users`, { body: [{ uid: 'a' }], headers: { Total: '31', Page: '2', 'Per-Page': '10' } });
    const list = await requestList('auth', '/admin/users', { page: 2, limit: 10, email: '', state: undefined, role: 'admin' });
    expect(list).toMatchObject({ rows: [{ uid: 'a' }], total: 31, page: 2, perPage: 10 });
    expect([...api.calls[0].query.keys()].sort()).toEqual(['limit', 'page', 'role']);
  });

  it('tolerates a missing Total', async () => {
    api.on('GET', `${EXCHANGE}/admin/orders`, { body: [{ id: 1 }, { id: 2 }], headers: { Page: '1', 'Per-Page': '50' } });
    const list = await requestList('exchange', '/admin/orders', { page: 1, limit: 50 });
    expect(list).toMatchObject({ rows: [{ id: 1 }, { id: 2 }], total: null, page: 1, perPage: 50 });
  });
});

describe('session calls', () => {
  it('keeps the CSRF token from sign-in and forgets it on logout', async () => {
    api.on('POST', `${AUTH}/identity/sessions/new`, { body: { ...staffUser(), csrf_token: 'c1' } })
      .on('DELETE', `${AUTH}/identity/sessions`, { body: {} });
    await signIn({ identity: 'ada@exchange.test', password: 'x' });
    expect(localStorage.getItem('csrfToken')).toBe('c1');
    await signOut();
    expect(localStorage.getItem('csrfToken')).toBeNull();
    expect(api.calls[1].headers.get('X-CSRF-Token')).toBe('c1');
  });

  it('reports the four authz codes (and only those) to the sign-in handler', async () => {
    const handler = vi.fn();
    setSignInRequiredHandler(handler);
    api.on('GET', `${AUTH}/admin/a`, { status: 401, body: { errors: ['authz.invalid_session'] } })
      .on('GET', `${AUTH}/admin/b`, { status: 401, body: { errors: ['authz.invalid_permission'] } })
      .on('GET', `${AUTH}/admin/c`, { status: 403, body: { errors: ['authz.csrf_token_mismatch'] } });
    await failure(request('auth', 'GET', '/admin/a'));
    expect(handler).toHaveBeenCalledTimes(1);
    await failure(request('auth', 'GET', '/admin/b'));
    await failure(request('auth', 'GET', '/admin/c'));
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
