/**
 * CSV export of a list view (issue 17 item 4): the same rows as the list with the same filters and
 * order across page boundaries (keyset pages of the user directory, offset pages of a generic list),
 * RFC 4180 quoting and the formula guard, UTC timestamps, the columns asked for, the cap (refused up
 * front on an exact count, cut on an estimate), refusal without read, the audit row with its filters
 * and count, and the walk stopping when the client goes away.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import type { SignedIn } from '../helpers/auth.js';
import { staff } from './users-fixtures.js';

let t: TestApp;
let admin: SignedIn & { id: number; uid: string };
const B = '/api/v2/barong/admin';
const N = 260;

beforeAll(async () => {
  t = await testApp({ env: { EXPORT_MAX_ROWS: '5000' } });
  admin = await staff(t, 'admin', { created_at: '2020-01-01T00:00:00Z' });
  // 260 customers: more than two pages of Barong's 100, with ties on role and state, and cells to quote.
  await sql`INSERT INTO users (uid, email, username, password_digest, role, level, state, created_at, updated_at)
    SELECT 'IDEX' || lpad(g::text, 6, '0'), 'x' || g || '@export.test',
      CASE g WHEN 4 THEN '=HYPERLINK("http://evil")' WHEN 5 THEN 'say "hi", friend' WHEN 6 THEN '@sum' ELSE 'plain' || g END,
      'x', (ARRAY['member', 'trader', 'broker'])[g % 3 + 1], g % 2, (ARRAY['active', 'banned'])[g % 2 + 1],
      timestamptz '2026-05-01 10:00:00+02' + (g % 7) * interval '1 hour', timestamptz '2026-06-01'
    FROM generate_series(1, ${N}) g`.execute(t.db.kysely);
});
afterAll(async () => { await t?.close(); });

const get = (who: SignedIn, url: string, app = t.app) => app.inject({ method: 'GET', url, headers: who.headers() });

/** Parses RFC 4180 text (quoted fields with commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const out: string[][] = [];
  let row: string[] = [], cell = '', q = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (q) {
      if (ch === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (ch === '"') q = false; else cell += ch;
    } else if (ch === '"') q = true;
    else if (ch === ',') { row.push(cell); cell = ''; }
    else if (ch === '\r') continue;
    else if (ch === '\n') { row.push(cell); out.push(row); row = []; cell = ''; }
    else cell += ch;
  }
  return out;
}

/** Every row of the list through its own pages (Next-Cursor), as the console would page it. */
async function listAll(q: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  let res = await get(admin, `${B}/users?${q}&limit=7`);
  for (;;) {
    expect(res.statusCode, res.body).toBe(200);
    rows.push(...(res.json() as Record<string, unknown>[]));
    const next = res.headers['next-cursor'];
    if (typeof next !== 'string') return rows;
    res = await get(admin, `${B}/users?${q}&limit=7&cursor=${next}`);
  }
}

describe('export of the user directory', () => {
  it.each([
    ['role=broker&order_by=email&ordering=asc'],
    ['state=banned&order_by=created_at&ordering=desc'],
    ['order_by=uid&ordering=desc'],
  ])('%s: exactly the list\'s rows in its order, across page boundaries', async (q) => {
    const listed = await listAll(q);
    const res = await get(admin, `${B}/exports/users.csv?${q}&columns=uid,email`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-.*\.csv"$/);
    const csv = parseCsv(res.body);
    expect(csv[0]).toEqual(['UID', 'Email']);
    expect(csv.slice(1)).toEqual(listed.map((r) => [r.uid, r.email]));
    expect(listed.length).toBeGreaterThan(60);
  });

  it('writes every declared column with the grid\'s headers, quotes per RFC 4180, guards formulas, times in UTC', async () => {
    const res = await get(admin, `${B}/exports/users.csv?order_by=uid&ordering=asc&columns=uid,username,created_at`);
    expect(res.statusCode, res.body).toBe(200);
    const lines = parseCsv(res.body);
    expect(lines[0]).toEqual(['UID', 'Username', 'Created']);
    const byUid = new Map(lines.slice(1).map((l) => [l[0], l]));
    expect(byUid.get('IDEX000004')![1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(byUid.get('IDEX000005')![1]).toBe('say "hi", friend');
    expect(byUid.get('IDEX000006')![1]).toBe("'@sum");
    // Written at 10:00+02 in the database: 08:00 UTC on the wire and in the file.
    expect(byUid.get('IDEX000007')![2]).toMatch(/^2026-05-01T08:00:00(\.0+)?Z$/);
    expect(res.body).toContain('"say ""hi"", friend"');
    const all = await get(admin, `${B}/exports/users.csv?uid=IDEX000004`);
    expect(parseCsv(all.body)[0]).toEqual(['UID', 'Email', 'Username', 'Role', 'Level', 'State', 'Country', 'Created']);
  });

  it('refuses a column the list does not show, and a bad filter as the list does', async () => {
    const bad = await get(admin, `${B}/exports/users.csv?columns=uid,password_digest`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(['admin.export.invalid_columns']);
    const list = await get(admin, `${B}/users?order_by=nope`);
    const exp = await get(admin, `${B}/exports/users.csv?order_by=nope`);
    expect(exp.statusCode).toBe(list.statusCode);
    expect(exp.json()).toEqual(list.json());
  });

  it('is refused for a role without read on the subject, and the refusal is recorded', async () => {
    const investor = await staff(t, 'investor');
    const res = await get(investor, `${B}/exports/users.csv`);
    // The gateway refuses it: the investor's rows follow its abilities, which hold no read User.
    expect(res.statusCode).toBe(401);
    expect(res.json().errors).toEqual(['authz.invalid_permission']);
    const denied = await t.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin')
      .where('result', '=', 'denied').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(denied.data).toMatchObject({ method: 'GET', path: `${B}/exports/users.csv` });
  });

  it('audits the export with its filters, columns and row count', async () => {
    const res = await get(admin, `${B}/exports/users.csv?role=trader&columns=uid`);
    expect(res.statusCode).toBe(200);
    const sent = parseCsv(res.body).length - 1;
    const a = await t.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin').where('topic', '=', 'users')
      .where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(a.result).toBe('succeed');
    expect(a.user_id).toBe(admin.id);
    expect(a.data).toMatchObject({ filters: { role: 'trader' }, columns: ['uid'], rows: sent, truncated: false, canceled: false });
    // HEAD answers the headers without exporting (no rows walked, no audit row).
    const head = await t.app.inject({ method: 'HEAD', url: `${B}/exports/users.csv?role=trader`, headers: admin.headers() });
    expect(head.statusCode).toBe(200);
    expect(head.headers['export-total']).toBe(String(sent));
    const after = await t.db.kysely.selectFrom('activities').select('id').where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(after.id).toBe(a.id);
  });
});

describe('export of a generic list (offset pages)', () => {
  it('walks its pages by number: the rows of the list, filtered and ordered', async () => {
    // Names are lower-case letters only: 230 of them, past two of Barong's 100-row pages.
    await sql`INSERT INTO email_types (name, key, status)
      SELECT 'ex' || translate(lpad(g::text, 3, '0'), '0123456789', 'abcdefghij'), 'k' || g, (ARRAY['active', 'inactive'])[g % 2 + 1]
      FROM generate_series(1, 230) g`.execute(t.db.kysely);
    const listed: unknown[] = [];
    for (let page = 1; ; page++) {
      const res = await get(admin, `${B}/email-types?status=active&order_by=name&ordering=desc&limit=50&page=${page}`);
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json() as { id: number; name: string }[];
      listed.push(...rows.map((r) => [String(r.id), r.name]));
      if (rows.length < 50) break;
    }
    const res = await get(admin, `${B}/exports/email-types.csv?status=active&order_by=name&ordering=desc&columns=id,name`);
    expect(res.statusCode, res.body).toBe(200);
    expect(parseCsv(res.body).slice(1)).toEqual(listed);
    expect(listed.length).toBeGreaterThan(110);
  });
});

describe('the cap', () => {
  it('refuses up front when the exact count is past EXPORT_MAX_ROWS', async () => {
    const small = await testApp({ env: { EXPORT_MAX_ROWS: '50' }, db: t.db });
    try {
      const res = await get(admin, `${B}/exports/users.csv`, small.app);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual(['admin.export.too_many_rows']);
      const ok = await get(admin, `${B}/exports/users.csv?uid=IDEX000001`, small.app);
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['export-max-rows']).toBe('50');
      expect(ok.headers['export-total']).toBe('1');
    } finally { await small.app.close(); }
  });
});

describe('at scale: past the exact count, and a client that goes away', () => {
  let big: TestApp;
  let boss: SignedIn & { id: number };
  const M = 20_000;
  beforeAll(async () => {
    big = await testApp({ env: { EXPORT_MAX_ROWS: '15000' } });
    boss = await staff(big, 'admin');
    await sql`INSERT INTO users (uid, email, password_digest, role, level, state)
      SELECT 'IDBG' || lpad(g::text, 6, '0'), 'big' || g || '@export.test', 'x', 'member', 0, 'active'
      FROM generate_series(1, ${M}) g`.execute(big.db.kysely);
    await sql`ANALYZE users`.execute(big.db.kysely);
  });
  afterAll(async () => { await big?.close(); });

  const lastExport = () => big.db.kysely.selectFrom('activities').selectAll().where('category', '=', 'admin')
    .where('action', '=', 'export').orderBy('id', 'desc').limit(1).executeTakeFirst();

  it('an estimated total past the cap streams up to the cap and says it was cut', async () => {
    const res = await get(boss, `${B}/exports/users.csv?columns=uid&order_by=uid&ordering=asc`, big.app);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['export-max-rows']).toBe('15000');
    const lines = parseCsv(res.body);
    expect(lines.length - 1).toBe(15_000);
    expect(new Set(lines.slice(1).map((l) => l[0])).size).toBe(15_000);
    expect((await lastExport())?.data).toMatchObject({ rows: 15_000, truncated: true, canceled: false });
  }, 120_000);

  it('stops walking the list when the client aborts, and audits the rows sent so far', async () => {
    const address = await big.app.listen({ port: 0, host: '127.0.0.1' });
    const before = (await lastExport())?.id;
    // The client goes away as a browser does: it reads the first bytes and closes its connection.
    const url = new URL(`${address}${B}/exports/users.csv?columns=uid,email`);
    await new Promise<void>((resolve, reject) => {
      const req = request(url, { headers: boss.headers() }, (res) => {
        expect(res.statusCode).toBe(200);
        res.once('data', () => { req.destroy(); resolve(); });
      });
      req.on('error', (err) => { if (!req.destroyed) reject(err); });
      req.end();
    });
    let row: Awaited<ReturnType<typeof lastExport>>;
    for (let i = 0; i < 200; i++) {
      row = await lastExport();
      if (row && row.id !== before) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row!.id).not.toBe(before);
    expect(row!.result).toBe('failed');
    const data = row!.data as { rows: number; canceled: boolean };
    expect(data.canceled).toBe(true);
    expect(data.rows).toBeLessThan(5_000);
    // Nothing of the export is left holding the connection.
    await expect.poll(() => new Promise((r) => big.app.server.getConnections((_e, n) => r(n)))).toBe(0);
  }, 60_000);
});
