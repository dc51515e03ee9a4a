/**
 * The five classes of malformed input that answered 500 (issue 10, item 5), with and without a session:
 * (A) an object with its own non-function toString/valueOf where a value is validated, (B) NUL bytes in
 * bodies, queries and paths, (C) unpaired surrogates, (D) ids past bigint, (E) 5,000-deep nesting.
 * Each is a clear 4xx with a code (plugins/input.ts); the route-walking fuzz (tests/reliability/fuzz.test.ts)
 * sends them, and more, to every route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { MAX_DEPTH, nestsDeeperThan } from '../../src/server/plugins/input.js';

const SIGN_IN = '/api/v2/barong/identity/sessions/new';
const PERMISSIONS = '/api/v2/barong/admin/permissions';
const COMMENTS = '/api/v2/barong/admin/users/comments';

let t: TestApp;
let su: SignedIn;
let uid: string;

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  uid = (await createUser(t.db)).uid;
});
afterAll(async () => { await t?.close(); });

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: string, signedIn = true) => t.app.inject({
  method, url,
  headers: { ...(signedIn ? su.headers() : { 'user-agent': 'steward-tests/1.0' }), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  ...(body !== undefined ? { payload: body } : {}),
});
const answer = async (p: ReturnType<typeof send>) => { const r = await p; return [r.statusCode, r.json().errors]; };
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('(A) values whose own toString or valueOf is not a function', () => {
  it('fail validation with the field code instead of throwing in the message printer', async () => {
    expect(await answer(send('POST', SIGN_IN, '{"identity":{"toString":1},"password":"x"}', false)))
      .toEqual([422, ['identity.session.invalid_identity']]);
    expect(await answer(send('POST', SIGN_IN, '{"identity":"a@b.c","password":{"valueOf":{},"toString":"x"}}', false)))
      .toEqual([422, ['identity.session.invalid_password']]);
    expect(await answer(send('POST', PERMISSIONS, '{"role":{"toString":1},"verb":"get","path":"api/x","action":"accept"}')))
      .toEqual([422, ['admin.permission.invalid_role']]);
    expect(await answer(send('POST', COMMENTS, JSON.stringify({ uid, title: [{ toString: null }], data: 'x' }))))
      .toEqual([422, ['admin.comment.invalid_title']]);
  });
});

describe('(B, C) text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL in a body string', '{"identity":"a\\u0000@b.c","password":"x"}'],
    ['a NUL in a key', '{"identity":"a@b.c","password":"x","\\u0000":1}'],
    ['a lone high surrogate', '{"identity":"\\ud800@b.c","password":"x"}'],
    ['a lone low surrogate', '{"identity":"a@b.c","password":"\\udc00"}'],
    ['a surrogate pair in the wrong order', '{"identity":"a@b.c","password":"\\ude00\\ud83d"}'],
  ])('refuse %s, signed in or not', async (_name, body) => {
    expect(await answer(send('POST', SIGN_IN, body, false))).toEqual([400, ['server.request.invalid_characters']]);
    expect(await answer(send('POST', COMMENTS, body))).toEqual([400, ['server.request.invalid_characters']]);
  });

  it('refuse a NUL in a query or a path', async () => {
    expect(await answer(send('GET', `${PERMISSIONS}?role=%00`))).toEqual([400, ['server.request.invalid_characters']]);
    expect(await answer(send('GET', `/api/v2/barong/admin/users/a%00b`))).toEqual([400, ['server.request.invalid_characters']]);
    expect(await answer(send('GET', `/api/v2/barong/admin/users?email=x%00`, undefined, false))).toEqual([400, ['server.request.invalid_characters']]);
  });

  it('refuse a query whose escapes are not UTF-8, as the same text in a body is refused', async () => {
    // A lone surrogate's bytes, a byte no UTF-8 starts with, a cut sequence, and no escape at all: read as
    // U+FFFD (or as sent) they answered 200 with no rows for a filter nobody typed.
    for (const q of ['email=%ED%A0%80', 'email=a%FFb', 'email=%E2%82', 'email=%zz', 'email=50%']) {
      expect(await answer(send('GET', `/api/v2/barong/admin/users?${q}`)), q).toEqual([400, ['server.request.invalid_characters']]);
    }
    // Escaped UTF-8, a '+' and an escaped '%' are text as before.
    for (const q of ['email=na%C3%AFve', 'email=a+b', 'email=50%25', 'email=%F0%9F%98%80']) {
      expect((await send('GET', `/api/v2/barong/admin/users?${q}`)).statusCode, q).toBe(200);
    }
  });

  it('answer a path the router cannot take with a code, without echoing it', async () => {
    expect(await answer(send('GET', '/api/v2/barong/admin/users/%ED%A0%80'))).toEqual([400, ['server.method.invalid_message_body']]);
    expect(await answer(send('GET', `/api/v2/barong/admin/users/${'x'.repeat(300)}`))).toEqual([414, ['server.request.uri_too_long']]);
  });

  it('keep well-formed text, astral characters included', async () => {
    const res = await send('POST', COMMENTS, JSON.stringify({ uid, title: 'naïve 😀 %00', data: '\\u0000 stays text' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().comments.map((c: { title: string }) => c.title)).toContain('naïve 😀 %00');
  });
});

describe('(D) ids past bigint and safe integers', () => {
  it.each(['1e23', '99999999999999999999', '9223372036854775808', '9007199254740993'])('answer %s with the endpoint\'s invalid_id, in a body, a query and a path', async (id) => {
    expect(await answer(send('DELETE', PERMISSIONS, `{"id":${id}}`))).toEqual([422, ['admin.permission.invalid_id']]);
    expect(await answer(send('DELETE', `${PERMISSIONS}?id=${id}`))).toEqual([422, ['admin.permission.invalid_id']]);
    expect(await answer(send('PUT', COMMENTS, `{"id":${id},"title":"x"}`))).toEqual([422, ['admin.comment.invalid_id']]);
    expect(await answer(send('GET', `/api/v2/barong/admin/activities?id=${id}`))).toEqual([422, ['admin.activity.invalid_id']]);
    expect((await send('GET', `/api/v2/peatio/admin/faqs/${id}`)).statusCode).toBe(422);
  });
});

describe('transport', () => {
  it('refuses an oversized body with 413 and an unsupported content type with 415', async () => {
    const big = JSON.stringify({ role: 'admin', verb: 'get', path: 'x'.repeat(1_100_000), action: 'accept' });
    expect(await answer(send('POST', PERMISSIONS, big))).toEqual([413, ['server.payload_too_large']]);
    const xml = await t.app.inject({ method: 'POST', url: PERMISSIONS, headers: { ...su.headers(), 'content-type': 'application/xml' }, payload: '<x/>' });
    expect([xml.statusCode, xml.json()]).toEqual([415, { errors: ['server.unsupported_media_type'] }]);
  });
});

describe('(E) deep nesting', () => {
  it('refuses 5,000-deep arrays as a whole body and inside a field, before parsing', async () => {
    expect(await answer(send('POST', SIGN_IN, nested(5000), false))).toEqual([400, ['server.request.too_deep']]);
    expect(await answer(send('POST', SIGN_IN, `{"identity":${nested(5000)},"password":"x"}`, false))).toEqual([400, ['server.request.too_deep']]);
    expect(await answer(send('POST', PERMISSIONS, `{"role":"admin","verb":"get","path":${nested(5000)},"action":"accept"}`)))
      .toEqual([400, ['server.request.too_deep']]);
  });

  it('accepts nesting up to the limit, and counts no brackets inside strings', async () => {
    expect(nestsDeeperThan(nested(MAX_DEPTH), MAX_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_DEPTH + 1), MAX_DEPTH)).toBe(true);
    expect(nestsDeeperThan(`["${'['.repeat(100)}\\"${'{'.repeat(100)}"]`, 2)).toBe(false);
    const atLimit = `{"role":"admin","verb":"get","path":${nested(MAX_DEPTH - 1)},"action":"accept"}`;
    expect(await answer(send('POST', PERMISSIONS, atLimit))).toEqual([422, ['admin.permission.invalid_path']]);
  });
});
