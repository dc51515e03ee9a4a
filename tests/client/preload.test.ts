// The transport's preloads (api/http.ts preloadGet): a GET started early answers the first identical call,
// once; its failure waits for that caller; it expires, and the session store can drop it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { ApiError, dropPreloads, request, requestList, setSignInRequiredHandler } from '../../src/client/api';
import { preloadGet, PRELOAD_TTL_MS } from '../../src/client/api/http';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';

const LIST = `${AUTH}/admin/users`;
let api: FakeApi;
let served = 0;

beforeEach(() => {
  window.__STEWARD_CONFIG__ = {};
  api = fakeApi();
  served = 0;
  api.on('GET', LIST, () => ({ body: [{ id: ++served }], headers: { Total: '1' } }));
});
afterEach(() => {
  dropPreloads();
  setSignInRequiredHandler(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a preloaded GET', () => {
  it('answers the first identical call, whatever the order of its parameters, and only that one', async () => {
    preloadGet('auth', '/admin/users', { page: '1', limit: '25', email: '' });
    const first = await requestList('auth', '/admin/users', { limit: '25', page: '1' });
    expect(first.rows).toEqual([{ id: 1 }]);
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
    const second = await requestList('auth', '/admin/users', { limit: '25', page: '1' });
    expect(second.rows).toEqual([{ id: 2 }]);
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });

  it('is not taken by another query, nor by a write to the same path', async () => {
    preloadGet('auth', '/admin/users', { page: '1' });
    api.on('POST', LIST, { body: {} });
    await requestList('auth', '/admin/users', { page: '2' });
    await request('auth', 'POST', '/admin/users', { body: {} });
    expect(api.calls.map((c) => `${c.method} ${c.query.get('page') ?? ''}`)).toEqual(['GET 1', 'GET 2', 'POST ']);
  });

  it('is sent once however often it is preloaded', async () => {
    preloadGet('auth', '/admin/users');
    preloadGet('auth', '/admin/users');
    await requestList('auth', '/admin/users');
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
  });

  it('keeps a refusal for the caller: nobody is sent to sign-in until the call is made', async () => {
    const signIn = vi.fn();
    setSignInRequiredHandler(signIn);
    api.on('GET', LIST, { status: 401, body: { errors: ['authz.invalid_session'] } });
    preloadGet('auth', '/admin/users');
    await waitFor(() => expect(api.callsTo('GET', LIST)).toHaveLength(1));
    expect(signIn).not.toHaveBeenCalled();
    const err = await requestList('auth', '/admin/users').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 401, messages: ['authz.invalid_session'] });
    expect(signIn).toHaveBeenCalledOnce();
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
  });

  it('is dropped with the session', async () => {
    preloadGet('auth', '/admin/users');
    dropPreloads();
    expect((await requestList('auth', '/admin/users')).rows).toEqual([{ id: 2 }]);
  });

  it('expires: an old answer is not shown as the current page', async () => {
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    preloadGet('auth', '/admin/users');
    clock.mockReturnValue(now + PRELOAD_TTL_MS + 1);
    expect((await requestList('auth', '/admin/users')).rows).toEqual([{ id: 2 }]);
    expect(api.callsTo('GET', LIST)).toHaveLength(2);
  });
});
