/**
 * Tokens and NFE categories over HTTP (applogic), and the tokens' CSV Upload: a dry run reports every bad
 * line and changes nothing, a file with errors is refused whole, a good 50,000-row file lands in one
 * transaction, malformed and oversized files get their codes, and only manage Token may upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { uploadTemplate } from '../../src/shared/resources/define.js';
import { tokens } from '../../src/shared/resources/tokens.js';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';

const A = '/api/v2/applogic/admin';
const CUR = 'tkcoin';

let t: TestApp;
let su: SignedIn, manager: SignedIn, accountant: SignedIn;
let category: number;
let holder: string;

beforeAll(async () => {
  t = await testApp();
  await t.db.kysely.insertInto('currencies').values([{ code: CUR, name: 'Token Coin', type: 'coin', precision: 8 }]).execute();
  su = (await signInAs(t, 'superadmin')).session;
  manager = (await signInAs(t, 'manager')).session;
  accountant = (await signInAs(t, 'accountant')).session;
  const c = await call(su, 'POST', '/nfe_categories/new', { name: 'Art', description: 'One-of-a-kind pieces', position: 1 });
  expect(c.statusCode, c.body).toBe(201);
  category = c.json().id;
  holder = (await createUser(t.db)).uid;
}, 60_000);
afterAll(async () => { await t?.close(); });

function call(who: SignedIn, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url: `${A}${url}`, payload: payload as object, headers: { ...who.headers(), ...headers } });
}
const codes = (res: { json(): unknown }) => (res.json() as { errors?: string[] }).errors;
const count = async () => Number((await t.db.kysely.selectFrom('tokens').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

/** A multipart body with one file part, as a browser's FormData sends it. */
function multipart(csv: string | Buffer, filename = 'tokens.csv') {
  const boundary = '----stewardtest7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(csv) ? csv : Buffer.from(csv), Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
function upload(who: SignedIn, csv: string | Buffer, dry: boolean, app = t.app) {
  const m = multipart(csv);
  return app.inject({ method: 'POST', url: `${A}/tokens/upload?dry_run=${dry}`, payload: m.payload, headers: { ...who.headers(), ...m.headers } });
}

describe('tokens and NFE categories', () => {
  it('adds items and fungible tokens with their rules', async () => {
    const item = await call(su, 'POST', '/tokens/new', { name: 'Sunrise #1', code: 'SUN', token_number: '1', nfe_category_id: category, owner_uid: holder.toLowerCase() });
    expect(item.statusCode, item.body).toBe(201);
    expect(item.json()).toMatchObject({ kind: 'nfe', code: 'SUN', token_number: '1', nfe_category: 'Art', supply: '1', owner_uid: holder, state: 'active' });
    expect(codes(await call(su, 'POST', '/tokens/new', { name: 'Again', code: 'SUN', token_number: '1', nfe_category_id: category })))
      .toEqual(['admin.token.code_token_number_taken']);
    expect(codes(await call(su, 'POST', '/tokens/new', { name: 'No number', code: 'SUN', nfe_category_id: category }))).toEqual(['admin.token.missing_token_number']);
    const coin = await call(su, 'POST', '/tokens/new', { kind: 'fungible', name: 'Token Coin', code: CUR.toUpperCase(), supply: '1000000', token_number: '9' });
    expect(coin.statusCode, coin.body).toBe(201);
    expect(coin.json()).toMatchObject({ kind: 'fungible', code: CUR, token_number: null, supply: '1000000' });
    expect(codes(await call(su, 'POST', '/tokens/new', { kind: 'fungible', name: 'Twice', code: CUR, supply: '1' }))).toEqual(['admin.token.code_taken']);
    expect(codes(await call(su, 'POST', '/tokens/new', { kind: 'fungible', name: 'Unlisted', code: 'nosuch', supply: '1' }))).toEqual(['admin.token.currency_doesnt_exist']);
    // An item is burned by its transaction (NFE transactions), which takes it from its holder.
    expect(codes(await call(su, 'POST', '/tokens/update', { id: item.json().id, state: 'burned' }))).toEqual(['admin.token.burn_by_transaction']);
    expect((await call(su, 'POST', '/nfe_transactions/new', { token_id: item.json().id, kind: 'burn' })).statusCode).toBe(201);
    expect((await call(su, 'GET', `/tokens/${item.json().id}`)).json()).toMatchObject({ state: 'burned', owner_uid: null });
    expect(codes(await call(su, 'POST', '/tokens/update', { id: item.json().id, state: 'active' }))).toEqual(['admin.token.burned']);
    const list = await call(su, 'GET', `/tokens?kind=nfe&nfe_category_id=${category}`);
    expect(list.json().map((r: { name: string }) => r.name)).toContain('Sunrise #1');
  });
});

describe('upload', () => {
  it('a dry run reports each bad line, with its line number, and changes nothing; applying it is refused whole', async () => {
    const csv = [
      'kind,name,code,token_number,nfe_category_id,owner_uid,metadata_url',
      `nfe,Moon #1,MOON,1,${category},${holder},ipfs://moon/1.json`,
      `nfe,"Moon #2, the second",MOON,2,${category},,`,
      `nfe,Moon #3,MOON,,${category},,`, // line 4: no token number
      `nfe,"Moon #4 has a long\ndescription",MOON,4,999999,,`, // line 5 (two lines): unknown category
      `nfe,Moon #5,MOON,1,${category},,`, // line 7: same as line 2's item
      `nfe,Moon #6,MOON,6,${category},NOSUCHUSER1,http://x`, // line 8: holder and metadata
      'fungible,Unlisted,zzz,,,,', // line 9: not a currency
      'nfe,Short,MOON', // line 10: three values
      `nfe,Sun again,SUN,1,${category},,`, // line 11: taken in the table
    ].join('\n');
    const before = await count();
    const res = await upload(su, csv, true);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r).toMatchObject({ dry_run: true, total: 9, valid: 2, created: 0 });
    expect(r.preview.map((p: { name: string }) => p.name)).toEqual(['Moon #1', 'Moon #2, the second']);
    expect(r.errors.map((e: { line: number; field: string; code: string }) => [e.line, e.field, e.code])).toEqual([
      [4, 'token_number', 'admin.token.missing_token_number'],
      [5, 'nfe_category_id', 'admin.token.nfe_category_doesnt_exist'],
      [7, 'token_number', 'admin.token.upload_duplicate_row'],
      [8, 'metadata_url', 'admin.token.invalid_metadata_url'],
      [9, 'code', 'admin.token.currency_doesnt_exist'],
      [10, '', 'admin.token.upload_wrong_field_count'],
      [11, 'token_number', 'admin.token.code_token_number_taken'],
    ]);
    expect(r.error_count).toBe(7);
    expect(await count()).toBe(before);
    const applied = await upload(su, csv, false);
    expect([applied.statusCode, codes(applied)]).toEqual([422, ['admin.token.upload_invalid_rows']]);
    expect(await count()).toBe(before);
  });

  it('lands a good 50,000-row file in one transaction, after a dry run that writes nothing', async () => {
    const lines = ['kind,name,code,token_number,nfe_category_id,supply,metadata_url'];
    for (let i = 1; i <= 50_000; i++) lines.push(`nfe,Bulk item ${i},BULK,${i},${category},1,ipfs://bulk/${i}.json`);
    const csv = lines.join('\r\n') + '\r\n';
    const before = await count();
    const dry = await upload(su, csv, true);
    expect(dry.statusCode, dry.body.slice(0, 300)).toBe(200);
    expect(dry.json()).toMatchObject({ dry_run: true, total: 50_000, valid: 50_000, error_count: 0, errors: [] });
    expect(await count()).toBe(before);
    const since = Number((await t.db.kysely.selectFrom('activities').select((e) => e.fn.max('id').as('m')).executeTakeFirst())?.m ?? 0);
    const res = await upload(su, csv, false);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    expect(res.json()).toMatchObject({ dry_run: false, total: 50_000, created: 50_000 });
    expect(await count()).toBe(before + 50_000);
    // One transaction: every row carries the same inserting transaction id; one audit row for the upload.
    const tx = await sql<{ n: string }>`SELECT count(DISTINCT xmin::text) AS n FROM tokens WHERE code = 'BULK'`.execute(t.db.kysely);
    expect(Number(tx.rows[0]!.n)).toBe(1);
    const acts = await t.db.kysely.selectFrom('activities').select(['topic', 'action', 'result', 'data']).where('id', '>', since).where('category', '=', 'admin').execute();
    expect(acts.map((a) => [a.topic, a.action, a.result])).toEqual([['tokens', 'upload', 'succeed']]);
    // The audit names the file and its rows, never its bytes.
    const audited = JSON.stringify(acts[0]!.data);
    expect(audited).toContain('tokens.csv');
    expect(audited).toContain('50000');
    expect(audited.length).toBeLessThan(1000);
  }, 120_000);

  it('refuses malformed files with a clear code', async () => {
    const before = await count();
    const bad = async (csv: string | Buffer) => { const r = await upload(su, csv, true); return [r.statusCode, codes(r), r.json().fields]; };
    expect(await bad(`kind,name,code\nnfe,"Open quote,X`)).toEqual([422, ['admin.token.upload_malformed'], { 'line.2': ['admin.token.upload_malformed'] }]);
    expect(await bad('kind,name,code\nnfe,Ab"c,X')).toEqual([422, ['admin.token.upload_malformed'], { 'line.2': ['admin.token.upload_malformed'] }]);
    expect(await bad('kind,name,code,colour\nnfe,A,X,red')).toEqual([422, ['admin.token.upload_unknown_column'], { colour: ['admin.token.upload_unknown_column'] }]);
    expect(await bad('kind,name\nnfe,A')).toEqual([422, ['admin.token.upload_missing_column'], { code: ['admin.token.upload_missing_column'] }]);
    expect(await bad('kind,name,code,name\nnfe,A,X,B')).toEqual([422, ['admin.token.upload_duplicate_column'], { name: ['admin.token.upload_duplicate_column'] }]);
    expect(await bad('kind,name,code\n')).toEqual([422, ['admin.token.upload_empty'], undefined]);
    // The console's template (every column, the declaration's order) is a header the check takes whole.
    expect(await bad(uploadTemplate(tokens.upload!))).toEqual([422, ['admin.token.upload_empty'], undefined]);
    expect(await bad('')).toEqual([422, ['admin.token.upload_empty'], undefined]);
    expect(await bad(Buffer.from([0x6b, 0x69, 0xff, 0xfe, 0x0a]))).toEqual([422, ['admin.token.upload_not_utf8'], undefined]);
    // A multipart body without a closing delimiter, and one without a file.
    const broken = await t.app.inject({ method: 'POST', url: `${A}/tokens/upload`, payload: '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nkind',
      headers: { ...su.headers(), 'content-type': 'multipart/form-data; boundary=xyz' } });
    expect([broken.statusCode, codes(broken)]).toEqual([422, ['admin.token.upload_malformed']]);
    const none = await t.app.inject({ method: 'POST', url: `${A}/tokens/upload`, payload: { name: 'x' }, headers: su.headers() });
    expect([none.statusCode, codes(none)]).toEqual([422, ['admin.token.upload_missing_file']]);
    expect(await count()).toBe(before);
  });

  it('refuses a file over the configured limit, and more rows than allowed', async () => {
    const small = await testApp({ db: t.db, env: { UPLOAD_MAX_BYTES: '4096', UPLOAD_MAX_ROWS: '3' } });
    try {
      const s = (await signInAs(small, 'superadmin')).session;
      const big = 'kind,name,code,token_number,nfe_category_id\n' + Array.from({ length: 200 }, (_, i) => `nfe,Big ${i},BIG,${i},${category}`).join('\n');
      const res = await upload(s, big, true, small.app);
      expect([res.statusCode, codes(res)]).toEqual([413, ['admin.token.upload_too_large']]);
      const four = 'kind,name,code,token_number,nfe_category_id\n' + [1, 2, 3, 4].map((i) => `nfe,Four ${i},FOUR,${i},${category}`).join('\n');
      const rows = await upload(s, four, true, small.app);
      expect([rows.statusCode, codes(rows)]).toEqual([413, ['admin.token.upload_too_many_rows']]);
    } finally { await small.close(); }
  });

  it('needs manage Token: readers are refused before the file is read, and nothing lands', async () => {
    const before = await count();
    const csv = `kind,name,code,token_number,nfe_category_id\nnfe,Refused,REF,1,${category}`;
    expect((await call(manager, 'GET', '/tokens')).statusCode).toBe(200);
    expect((await call(manager, 'GET', '/nfe_categories')).statusCode).toBe(200);
    for (const who of [manager, accountant]) {
      for (const dry of [true, false]) {
        const res = await upload(who, csv, dry);
        expect([res.statusCode, codes(res)]).toEqual([401, ['authz.invalid_permission']]);
      }
    }
    expect(codes(await call(manager, 'POST', '/tokens/new', { name: 'x', code: 'X', token_number: '1', nfe_category_id: category }))).toEqual(['authz.invalid_permission']);
    expect(codes(await call(manager, 'POST', '/nfe_categories/new', { name: 'Nope' }))).toEqual(['authz.invalid_permission']);
    expect((await call(accountant, 'GET', '/tokens')).statusCode).toBe(401);
    expect(await count()).toBe(before);
  });
});
