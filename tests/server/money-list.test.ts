/**
 * A new money-like list costs one declaration (issue 28 item 4): the test declares a list of deposit refunds
 * (a table no list serves) — a resource, a money-list declaration, a route and its export route, no SQL or
 * paging of its own — and checks what the engine gives it: filters (a column, a member by uid), the capped
 * Total, offset pages then cursors, the date order's cursors, refusals with codes, and the CSV export. And
 * a declaration whose resource has a filter it gives no SQL for is refused where it is made.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { call, codesOf, COIN, setupMoney } from './money-fixtures.js';
import { defineResource, ID_FIELD, TIMESTAMPS } from '../../src/shared/resources/define.js';
import { defineMoneyList } from '../../src/server/db/queries/money-list.js';
import { isoSql } from '../../src/server/db/queries/user-json.js';
import { moneyListRoute } from '../../src/server/exchange/money-list-route.js';
import { registerExportRoute } from '../../src/server/resources/export.js';

const refunds = defineResource({
  name: 'test-refunds', subject: 'Deposit', service: 'peatio', table: 'refunds', server: 'bespoke', route: 'test-refunds',
  label: 'Refund', labelPlural: 'Refunds',
  api: { path: '/admin/test_refunds', style: 'new-update', operations: ['list'] },
  fields: {
    id: ID_FIELD, deposit_id: { kind: 'number', readOnly: true }, address: { kind: 'text', readOnly: true },
    state: { kind: 'enum', values: ['pending', 'processed', 'failed'], readOnly: true }, uid: { kind: 'text', readOnly: true }, ...TIMESTAMPS,
  },
  columns: [{ field: 'id' }, { field: 'deposit_id' }, { field: 'address' }, { field: 'state' }, { field: 'uid' }, { field: 'created_at' }],
  filters: [{ field: 'created_at' }, { field: 'state' }, { field: 'uid', op: 'eq' }],
  list: { pageSize: 10, ordering: 'asc', sortable: ['id'] },
});

/** The one declaration: filters, joins, SQL-side formatting, wire. */
const REFUND_LIST = defineMoneyList({
  resource: refunds, table: 'refunds', alias: 'r',
  filters: [{ member: { uid: 'uid' }, column: 'r.created_by' }, { param: 'state', column: 'r.state' }],
  join: (q) => q.innerJoin('users as u', 'u.id', 'r.created_by'),
  select: ['r.id', 'r.deposit_id', 'r.address', 'r.state', 'u.uid', isoSql('r.created_at').as('created_at')],
  wire: (r: { id: number; deposit_id: number; address: string; state: string; uid: string; created_at: string }) => ({ ...r, id: Number(r.id), deposit_id: Number(r.deposit_id) }),
});

let t: TestApp;
let admin: SignedIn;
let staff: { id: number; uid: string }[];
const list = (q: string) => call(t, admin, 'GET', `/test_refunds?${q}`);
const ids = (res: { json(): unknown }) => (res.json() as { id: number }[]).map((r) => r.id);

beforeAll(async () => {
  t = await testApp({ routes: (app) => {
    moneyListRoute(app, '/api/v2/peatio/admin/test_refunds', REFUND_LIST);
    registerExportRoute(app, refunds);
  } });
  await setupMoney(t);
  admin = (await signInAs(t, 'superadmin')).session;
  staff = [await createUser(t.db), await createUser(t.db)];
  const member = await createUser(t.db);
  // Five refunds, a day apart: the first three asked by staff[0], the rest by staff[1].
  for (let i = 0; i < 5; i++) {
    const at = new Date(Date.UTC(2026, 0, 1 + i));
    const d = await t.db.kysely.insertInto('deposits').values({ user_id: member.id, currency_id: COIN, amount: '1', fee: '0', type: 'coin', state: 'refunding' })
      .returning('id').executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('refunds').values({
      deposit_id: d.id, address: `bc1qrefund${i}`, state: i === 4 ? 'processed' : 'pending', from_state: 'rejected', credited: false,
      created_by: staff[i < 3 ? 0 : 1]!.id, created_at: at, updated_at: at,
    }).execute();
  }
});
afterAll(async () => { await t?.close(); });

it('refuses a declaration whose resource has a filter without SQL (the palette would offer it)', () => {
  expect(() => defineMoneyList({ ...REFUND_LIST, filters: [{ param: 'state', column: 'r.state' }] })).toThrow(/test-refunds: filter uid has no SQL/);
});

it('filters, counts and pages the declared list: offset pages, then cursors; the date order its own cursors', async () => {
  const first = await list('limit=2');
  expect(first.statusCode).toBe(200);
  expect(first.json()[0]).toMatchObject({ address: 'bc1qrefund0', state: 'pending', uid: staff[0]!.uid, created_at: '2026-01-01T00:00:00.000Z' });
  expect([first.headers.total, first.headers.page, first.headers['per-page']]).toEqual(['5', '1', '2']);
  const all = ids(first);
  const second = await list('limit=2&page=2');
  const cursor = first.headers['next-cursor'] as string;
  const byCursor = await list(`limit=2&cursor=${cursor}`);
  expect(ids(byCursor)).toEqual(ids(second));
  expect(byCursor.headers.page).toBeUndefined();
  let next = byCursor.headers['next-cursor'] as string;
  all.push(...ids(byCursor));
  while (next) { const p = await list(`limit=2&cursor=${next}`); all.push(...ids(p)); next = p.headers['next-cursor'] as string; }
  expect(all).toEqual([...all].sort((a, b) => a - b));
  expect(all).toHaveLength(5);

  const mine = await list(`uid=${staff[0]!.uid}`);
  expect([ids(mine).length, mine.headers.total]).toEqual([3, '3']);
  expect(ids(await list(`uid=${staff[1]!.uid}&state=processed`))).toEqual([all[4]]);
  const nobody = await list('uid=ID0000000000');
  expect([nobody.json(), nobody.headers.total]).toEqual([[], '0']);

  const dated = await list('limit=2&from=2026-01-02&to=2026-01-04');
  expect([ids(dated), dated.headers.total]).toEqual([all.slice(1, 3), '3']);
  // A cursor names its order: the date walk's is refused on the id walk.
  expect(codesOf(await list(`limit=2&cursor=${dated.headers['next-cursor']}`))).toEqual(['admin.pagination.invalid_cursor']);
  expect(codesOf(await list('state=lost'))).toEqual(['admin.test_refund.invalid_state']);
  expect(codesOf(await list('limit=2&page=5002'))).toEqual(['admin.pagination.page_too_deep']);
});

it('exports the declared list as it lists', async () => {
  const rows = (await list(`uid=${staff[0]!.uid}`)).json() as { id: number; address: string; state: string }[];
  const res = await call(t, admin, 'GET', `/exports/test-refunds.csv?uid=${staff[0]!.uid}&columns=id,address,state`);
  expect(res.statusCode).toBe(200);
  expect(res.body.trim().split('\r\n')).toEqual(['ID,Address,State', ...rows.map((r) => `${r.id},${r.address},${r.state}`)]);
  expect(rows).toHaveLength(3);
});
