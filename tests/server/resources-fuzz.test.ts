/**
 * Malformed input on every generic resource route answers 4xx with an error-code body, never 5xx:
 * hand-picked shapes (wrong types, huge strings, 1e309, arrays for objects, unknown keys, NUL bytes)
 * and a seeded random pass over bodies and list queries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { RESOURCES, writableFields, type Operation, type Resource } from '../../src/shared/resources/index.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { type SignedIn, signInAs } from '../helpers/auth.js';

const ROOT = { barong: '/api/v2/barong', peatio: '/api/v2/peatio', applogic: '/api/v2/applogic' } as const;
const GENERIC = RESOURCES.filter((r) => r.server === 'generic');

let t: TestApp;
let su: SignedIn;

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
});
afterAll(async () => { await t?.close(); });

function url(r: Resource, op: Operation, id: string | number = 1): string {
  return ROOT[r.service] + r.endpoints[op]!.path.replace(':id', encodeURIComponent(String(id)));
}

/** Sends a raw JSON text, so values JSON.stringify cannot produce (1e309, broken syntax) reach the server. */
function send(r: Resource, op: 'create' | 'update', raw: string): Promise<LightMyRequestResponse> {
  const e = r.endpoints[op]!;
  return t.app.inject({ method: e.method, url: url(r, op), payload: raw, headers: su.headers({ 'content-type': 'application/json' }) });
}

function expectClientError(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body}`).toBeLessThan(500);
  const body = res.json();
  expect(Array.isArray(body.errors) && body.errors.every((c: unknown) => typeof c === 'string' && /^[a-z0-9_.]+$/.test(c)), what).toBe(true);
}

const WHOLE_BODIES = [
  '{', '[]', '[1,2]', '"text"', '123', 'null', 'true', '1e309', '{"__proto__":{"x":1}}',
  '{"a":'.repeat(300) + '1' + '}'.repeat(300),
];

/** JSON texts of values wrong for any field. */
const BAD_VALUES = [
  '[]', '{}', '1e309', '-1e309', 'true', '"x"', '-1', '12345678901234567890', `"${'x'.repeat(200_000)}"`, '"\\u0000"',
  '{"$gt":""}', '[{"id":1}]', '"2026-13-45"', '1.5',
];

describe.each(GENERIC.map((r) => [r.name, r] as const))('fuzzing %s', (_n, r) => {
  it('answers malformed whole bodies with 4xx', async () => {
    for (const op of ['create', 'update'] as const) {
      if (!r.endpoints[op]) continue;
      for (const raw of WHOLE_BODIES) expectClientError(await send(r, op, raw), `${op} ${raw.slice(0, 30)}`);
      expectClientError(await send(r, op, '{"nope":1}'), `${op} unknown key`);
    }
  });

  it('answers a wrong value in any writable field with 4xx', async () => {
    for (const k of [...writableFields(r), 'id']) {
      for (const v of BAD_VALUES) {
        // Values some fields accept are skipped for them: e.g. "x" is valid text, true is a valid boolean.
        const f = r.fields[k];
        const textual = f && ['text', 'textarea'].includes(f.kind);
        if (textual && ['"x"', '"2026-13-45"'].includes(v)) continue;
        if (f?.kind === 'number' && v === '-1' && f.range && f.range[0] < 0) continue;
        if (f?.kind === 'decimal' && v === '1.5') continue;
        if (r.endpoints.create && k !== 'id') expectClientError(await send(r, 'create', `{"${k}":${v}}`), `create ${k}=${v.slice(0, 20)}`);
        if (r.endpoints.update) {
          const body = k === 'id' ? `{"id":${v}}` : `{"id":1,"${k}":${v}}`;
          expectClientError(await send(r, 'update', body), `update ${k}=${v.slice(0, 20)}`);
        }
      }
    }
  });

  it('answers malformed ids and list queries with 4xx', async () => {
    if (r.endpoints.get) {
      for (const id of ['abc', '0', '-1', '1e309', '99999999999999999999', '1.5', '%00']) {
        const res = await t.app.inject({ method: 'GET', url: url(r, 'get', id), headers: su.headers() });
        expectClientError(res, `get ${id}`);
      }
    }
    const bad: Record<string, string | string[]>[] = [
      { page: '-1' }, { page: '1e309' }, { limit: 'abc' }, { limit: '0' }, { ordering: 'DESCENDING' },
      { order_by: 'id; DROP TABLE users' }, { page: ['1', '2'] },
      ...(r.filtersResolved.some((f) => f.op === 'range') ? [{ from: 'yesterday' }, { to: '1e309' }] : []),
      ...r.filtersResolved.filter((f) => f.op !== 'range').map((f) => ({ [f.field]: r.fields[f.field].kind === 'text' ? 'a\u0000b' : 'not-valid-\u0000' })),
    ];
    for (const query of bad) {
      const res = await t.app.inject({ method: 'GET', url: url(r, 'list'), query, headers: su.headers() });
      expectClientError(res, `list ${JSON.stringify(query)}`);
    }
  });

  it('never answers 5xx to seeded random bodies and queries', async () => {
    let seed = 0x5eed + r.name.length;
    const rand = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x7fffffff; };
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
    const keys = [...Object.keys(r.fields), 'id', 'page', 'limit', 'ordering', 'order_by', 'from', 'to', 'x'];
    const values = [...BAD_VALUES, '"active"', '"pending"', '1', '2', '0', '"abc"', '"%_\\\\"', 'null', '"ACTIVE"', '" "', '"é☃😀"'];
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const n = 1 + Math.floor(rand() * 4);
      const parts = Array.from({ length: n }, () => `"${pick(keys)}":${pick(values)}`);
      for (const op of ['create', 'update'] as const) {
        if (!r.endpoints[op]) continue;
        const res = await send(r, op, `{${parts.join(',')}}`);
        statuses.add(res.statusCode);
        expect(res.statusCode, `${op} {${parts.join(',').slice(0, 120)}} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
      }
      const query = Object.fromEntries(Array.from({ length: n }, () => [pick(keys), pick(['', '1', '-5', 'abc', 'desc', 'name', '%', '2026-01-01', '1700000000', 'ACTIVE'])]));
      const res = await t.app.inject({ method: 'GET', url: url(r, 'list'), query, headers: su.headers() });
      statuses.add(res.statusCode);
      expect(res.statusCode, `list ${JSON.stringify(query)} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }
    // The pass reached the handlers (422s), not only the JSON parser.
    expect(statuses.has(422)).toBe(true);
  });
});
