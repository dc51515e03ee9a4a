/**
 * A stand-in for the backend at the network boundary: globalThis.fetch is replaced by a router of
 * `METHOD /path` → response. The app's own modules run unmocked.
 */
import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials?: RequestCredentials;
}

export type FakeReply =
  | { status?: number; body?: unknown; headers?: Record<string, string> }
  | 'network-error';

/** A reply, or a function of the request; a promise holds the response back until it settles. */
type Handler = FakeReply | ((req: FakeRequest) => FakeReply | Promise<FakeReply>);

export function fakeApi() {
  const handlers = new Map<string, Handler>();
  const calls: FakeRequest[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const raw = init.body;
    const body = typeof raw === 'string' ? JSON.parse(raw) : raw;
    const req: FakeRequest = {
      method, path: url.pathname, query: url.searchParams, headers: new Headers(init.headers), body, credentials: init.credentials,
    };
    calls.push(req);
    const handler = handlers.get(`${method} ${url.pathname}`);
    const reply = typeof handler === 'function' ? await handler(req) : handler ?? { status: 404, body: { errors: ['route.not_found'] } };
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    const headers = new Headers({ 'content-type': 'application/json', ...(reply.headers ?? {}) });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status ?? 200, headers });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    fetch: fetchMock,
    on(method: string, path: string, handler: Handler) {
      handlers.set(`${method} ${path}`, handler);
      return this;
    },
    /** The requests made to one endpoint, in order. */
    callsTo(method: string, path: string) {
      return calls.filter((c) => c.method === method && c.path === path);
    },
  };
}

export type FakeApi = ReturnType<typeof fakeApi>;
