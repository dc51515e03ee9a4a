// Every route the app registers, signed in as superadmin (who passes every permission and ability),
// gets malformed input: broken JSON, wrong types, 1e309, huge and NUL-laden strings, deep nesting,
// unknown sort fields, oversized bodies. Each must answer 4xx with error codes — never 5xx.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs } from '../helpers/auth.js';

let t: TestApp;
let headers: Record<string, string>;
// Writes in the walk aim at a real row that nobody's access depends on, so they reach past the
// existence checks (into validation, the write and its audit row) without locking the walker out.
let target: number;

beforeAll(async () => {
  t = await testApp({ env: { BODY_LIMIT_BYTES: '65536' } });
  headers = (await signInAs(t, 'superadmin')).session.headers();
  target = (await t.db.kysely.insertInto('permissions')
    .values({ role: 'member', verb: 'GET', path: 'api/v2/fuzz-target', action: 'ACCEPT', topic: null })
    .returning('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => { await t.close(); });

const deep = (n: number): unknown => (n === 0 ? 'x' : { a: deep(n - 1) });
const bodies = (id: number): [string, string][] => [
  ['broken JSON', '{"uid": '],
  ['array', '[1,2,3]'],
  ['string', '"hello"'],
  ['null', 'null'],
  ['1e309 everywhere', JSON.stringify({ id, uid: 'x', page: 1 }).replace(/\d+/g, '1e309')],
  ['wrong types', JSON.stringify({ id: 'abc', uid: 42, state: ['a'], role: {}, limit: 'ten', amount: true, enabled: 'yes' })],
  ['NUL and huge strings', JSON.stringify({ id, uid: 'a\u0000b', name: 'x'.repeat(20_000), title: '\u0000', email: 'a@b.c'.repeat(500) })],
  ['deep nesting', JSON.stringify({ id, data: deep(200), metadata: deep(200) })],
  ['unknown keys', JSON.stringify({ id, zzz: 1, __proto__: { admin: true }, constructor: 1 })],
];
const QUERIES = ['?page=0&limit=100000', '?order_by=password_digest;drop&ordering=sideways', '?page=1e309&limit=-1',
  '?from=yesterday&to=1e309', '?uid[]=a&uid[]=b', '?id=%00'];

function concrete(url: string): string {
  return url.replace(/:([a-z_]+)/gi, (_m, name: string) => (/id$/.test(name) && name !== 'uid' ? '999999' : 'IDFFFFFFFFFF'));
}

describe('all routes under malformed input', () => {
  it('registers a good number of API routes to walk', () => {
    expect(t.app.routeList.filter((r) => r.url.startsWith('/api/')).length).toBeGreaterThan(30);
  });

  it('never answers 5xx, and every error has codes', async () => {
    const failures: string[] = [];
    // Logout is tested on its own; walking it here would end the session and turn the rest into 401s.
    const api = t.app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.includes('*')
      && !(r.method === 'DELETE' && r.url.endsWith('/identity/sessions')));
    for (const r of api) {
      const url = concrete(r.url);
      const attempts: { body?: string; query?: string }[] = r.method === 'GET' || r.method === 'DELETE'
        ? QUERIES.map((query) => ({ query })) : bodies(target).map(([, body]) => ({ body }));
      if (r.method === 'DELETE') attempts.push(...bodies(target).map(([, body]) => ({ body })));
      for (const a of attempts) {
        const res = await t.app.inject({
          method: r.method as 'GET', url: url + (a.query ?? ''),
          headers: { ...headers, ...(a.body !== undefined ? { 'content-type': 'application/json' } : {}) },
          ...(a.body !== undefined ? { payload: a.body } : {}),
        });
        const bad = res.statusCode >= 500 || res.statusCode === 401 && res.json().errors?.[0]?.startsWith('authz.')
          || (res.statusCode >= 400 && !(Array.isArray(res.json().errors) && res.json().errors.length > 0));
        if (bad) failures.push(`${r.method} ${url}${a.query ?? ''} ${a.body?.slice(0, 40) ?? ''} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses an oversized body with 413 and a code', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/barong/admin/permissions', headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify({ role: 'admin', verb: 'get', path: 'x'.repeat(100_000), action: 'accept' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ errors: ['server.payload_too_large'] });
  });

  it('answers unsupported content types with 415', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/v2/barong/admin/permissions', headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ errors: ['server.unsupported_media_type'] });
  });
});
