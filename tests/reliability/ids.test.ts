/**
 * An id is digits (issue 30 item 2): every route of Fastify's route table that reads an id — a path
 * parameter, a query parameter, a body field (`id`, and every `<thing>_id` the write catalogue sends as a
 * number) — is sent the id of a real row written other ways: " 1", "1 ", "  1  ", "+1", "1.0", "1e0",
 * "0x1", a tab, a newline, a full-width digit, and in bodies the JSON numbers 1.0000000000000001 and
 * 1.00000000000000001 (JSON.parse reads both as 1). Each must be answered exactly as the word "abc" is
 * (the endpoint's own code: …invalid_id, 422 or 404 as the route already did), never 2xx, and leave every
 * table as it was. Number() reads the texts as the id, and they did rewrite rows: `PUT /permissions
 * {"id":"  1  "}` changed row 1. Leading zeros are digits: "01" is id 1, the same answer as "1". A JSON
 * number is its value (1.0 is the number 1, as for any JSON reader), so only inexact ones are sent here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { RESOURCES } from '../../src/shared/resources/index.js';
import { changed, checkedTables, checksums } from './helpers/checksums.js';
import { isWrite, NOT_ADMIN_WRITES, routeKey, writeCaseFor, type WriteRequest } from './helpers/writes.js';

let t: TestApp;
let su: SignedIn;
let tables: string[];
/** A valid request of every staff write route without a path parameter, on rows of its own (which the GETs then find). */
let writes: Array<{ route: { method: string; url: string }; w: WriteRequest }>;

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  tables = await checkedTables(t.db.kysely);
  writes = [];
  for (const route of t.app.routeList.filter((r) => isWrite(r.method) && !NOT_ADMIN_WRITES[routeKey(r)] && !r.url.includes(':'))) {
    writes.push({ route, w: await writeCaseFor(route).prepare({ t, su }) });
  }
});
afterAll(async () => { await t?.close(); });

/** Text that Number() reads as the id `n`, and that is not an id. */
const textForms = (n: number) => [` ${n}`, `${n} `, `  ${n}  `, `+${n}`, `${n}.0`, `${n}e0`, `0x${n.toString(16)}`, `\t${n}`, `${n}\n`, `${n}`.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)))];
/** JSON numbers JSON.parse rounds to the id `n` (bodies only). */
const literalForms = (n: number) => [`${n}.0000000000000001`, `${n}.00000000000000001`];

interface Answer { status: number; errors: unknown }
async function send(method: string, url: string, body?: string): Promise<Answer> {
  const res = await t.app.inject({
    method: method as 'GET', url, headers: su.headers(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...(body !== undefined ? { payload: body } : {}),
  });
  return { status: res.statusCode, errors: res.statusCode >= 400 ? res.json().errors : undefined };
}

/** The JSON text of `body` with `key` set to the raw JSON `value`. */
const withRaw = (body: Record<string, unknown>, key: string, value: string) =>
  `{${[...Object.entries(body).filter(([k]) => k !== key).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`), `${JSON.stringify(key)}:${value}`].join(',')}}`;

/** Get paths whose `:id` is a resource's string key (a currency's code, a market's id), not a row id. */
const STRING_KEYED = new Set(RESOURCES.filter((r) => r.fields[r.key]?.kind !== 'id' && r.endpoints.get)
  .map((r) => `GET /api/v2/${r.service}${r.endpoints.get!.path}`));

/**
 * Sends each bad form and the word "abc" (as `abc` is written there) in the same place; answers what went wrong. The tables must
 * not change across the batch (a refused request leaves its admin activity only: not checked).
 */
async function probe(where: string, forms: string[], request: (form: string) => Promise<Answer>, abc = 'abc'): Promise<string[]> {
  const before = await checksums(t.db.kysely, tables);
  const word = await request(abc);
  const wrong: string[] = [];
  if (word.status < 400) wrong.push(`${where}: "abc" answered ${word.status}, so nothing here reads an id`);
  for (const form of forms) {
    const got = await request(form);
    if (got.status !== word.status || JSON.stringify(got.errors) !== JSON.stringify(word.errors)) {
      wrong.push(`${where} ${JSON.stringify(form)} → ${got.status} ${JSON.stringify(got.errors)}, "abc" → ${word.status} ${JSON.stringify(word.errors)}`);
    }
  }
  const diff = changed(before, await checksums(t.db.kysely, tables));
  if (diff.length) wrong.push(`${where}: bad ids changed ${diff.join(', ')}`);
  return wrong;
}

describe('every id of every route is digits', () => {
  it('body and query ids of the write routes (permissions, comments, views, actions, updates, deletes, references)', async () => {
    const wrong: string[] = [];
    let fields = 0;
    for (const { route: r, w } of writes) {
      const body = w.body ?? {};
      const ids = Object.keys(body).filter((k) => (k === 'id' || k.endsWith('_id')) && Number.isSafeInteger(body[k]) && (body[k] as number) > 0);
      for (const k of ids) {
        fields++;
        const n = body[k] as number;
        const where = `${routeKey(r)} ${k}`;
        wrong.push(...await probe(`${where} (text)`, textForms(n), (form) => send(r.method, w.url, withRaw(body, k, JSON.stringify(form)))));
        wrong.push(...await probe(`${where} (JSON literal)`, literalForms(n), (form) => send(r.method, w.url, withRaw(body, k, form)), '"abc"'));
      }
      // The query carries the id of a DELETE too (Barong's clients send it either way).
      if (r.method === 'DELETE' && ids.includes('id')) {
        const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'id'));
        wrong.push(...await probe(`${routeKey(r)} ?id=`, textForms(body.id as number),
          (form) => send('DELETE', `${w.url}?id=${form === '  1  ' ? '%20%201%20%20' : encodeURIComponent(form)}`, JSON.stringify(rest))));
      }
    }
    expect(wrong).toEqual([]);
    expect(fields).toBeGreaterThan(20);
    console.log(`ids: ${fields} id fields of ${writes.length} write routes`);
  });

  it('path parameters: each bad form answers as "abc" does; "01" as "1"', async () => {
    const routes = t.app.routeList.filter((r) => /:id\b/.test(r.url) && !STRING_KEYED.has(routeKey(r)));
    expect(routes.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    let padded = 0;
    for (const r of routes) {
      const at = (id: string) => send(r.method, r.url.replace(':id', id), isWrite(r.method) ? '{}' : undefined);
      const enc = (form: string) => at(form === '  1  ' ? '%20%201%20%20' : encodeURIComponent(form));
      wrong.push(...await probe(routeKey(r), textForms(1), enc));
      if (r.method === 'GET') {
        const [one, zero] = [await at('1'), await at('01')];
        if (one.status !== zero.status) wrong.push(`${routeKey(r)}: "01" → ${zero.status}, "1" → ${one.status}`);
        if (one.status === 200) padded++;
      }
    }
    expect(wrong).toEqual([]);
    // Many of them hold row 1 (the write cases made rows), so a bad form read as 1 would have found it.
    console.log(`ids: ${routes.length} routes with an :id, ${padded} of the GETs answer 200 for "1"`);
    expect(padded).toBeGreaterThan(10);
  });
});
