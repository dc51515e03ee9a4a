/**
 * Content-sized columns (resource-ui/columns.ts fitColumns): when a list is wider than the grid, long free
 * text and then identifying columns give way; amounts, dates and states are never cut (a cut amount is a
 * lost value in a money console). Number columns: header and cells aligned alike, amounts with their unit.
 */
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../../src/shared/resources';
import { columnsFor, fitColumns, pickColumns } from '../../src/client/resource-ui/columns';
import { groupDigits } from '../../src/client/resource-ui/format';

const rewards = REGISTRY.rewards!;
const row = {
  id: 87, uid: 'IDC4F5BDBF75', email: 'ana.mwangi.with.a.rather.long.address@example.com', kind: 'referral',
  amount: '0.00001345678901', currency: 'usdt', source_uid: 'ID89F8B48A12', referral_rule: 'Direct referrals, USDT fees',
  campaign: null, state: 'pending', paid_at: null, created_at: '2026-11-20T10:00:00Z',
};
const widthOf = (cols: ReturnType<typeof fitColumns>, id: string) => Number(cols.find((c) => c.colId === id)!.minWidth);

describe('fitColumns', () => {
  it('cuts text before anything else and never an amount, a date or a state, however narrow the grid', () => {
    const cols = columnsFor(rewards, { switches: {} });
    const roomy = fitColumns(rewards, cols, [row], new Map(), 4000);
    const narrow = fitColumns(rewards, cols, [row], new Map(), 700);
    for (const id of ['amount', 'created_at', 'state']) expect(widthOf(narrow, id), id).toBe(widthOf(roomy, id));
    // The e-mail gave way (down to 60 %), the amount kept room for all of "0.00001345678901 USDT".
    expect(widthOf(narrow, 'email')).toBeLessThan(widthOf(roomy, 'email'));
    expect(widthOf(narrow, 'amount')).toBeGreaterThanOrEqual('0.00001345678901 USDT'.length * 7.5);
  });
});

describe('number columns from the definition (issue 29 item 11)', () => {
  const trades = REGISTRY.trades!;
  const trade = {
    id: 1, maker_order_email: 'a@x.test', taker_order_email: 'b@x.test', maker_uid: 'IDB58523E2EE', taker_uid: 'IDA8832337E9',
    maker_fee_amount: '1234.125668', maker_fee_currency: 'usdt', taker_fee_amount: '0.00000194', taker_fee_currency: 'btc',
    market: 'btcusdt', price: '64710.81', amount: '0.000971', total: '1234567.00000001', taker_type: 'buy', created_at: '2026-10-29T06:07:17Z',
  };
  const cols = columnsFor(trades, { switches: {} });
  const col = (id: string) => cols.find((c) => c.colId === id)!;
  const formatted = (id: string) => (col(id).valueFormatter as (p: object) => string)({ value: trade[id as keyof typeof trade], data: trade });

  it('aligns header and cells alike: right for amounts, left for the rest', () => {
    for (const id of ['maker_fee_amount', 'taker_fee_amount', 'price', 'amount', 'total']) {
      expect(String(col(id).headerClass), id).toContain('ag-right-aligned-header');
      expect(String(col(id).cellClass), id).toContain('ag-right-aligned-cell');
    }
    for (const id of ['maker_order_email', 'market', 'created_at']) {
      expect(String(col(id).headerClass ?? ''), id).not.toContain('right-aligned');
      expect(String(col(id).cellClass ?? ''), id).not.toContain('right-aligned');
    }
    // A count the definition gave no format (a pending application's level) reads as a number too.
    const level = columnsFor(REGISTRY['pending-applications']!, { switches: {} }).find((c) => c.colId === 'level')!;
    expect([String(level.headerClass), String(level.cellClass)]).toEqual(['ag-right-aligned-header', 'cell-num ag-right-aligned-cell']);
  });

  it('gives a trade fee its currency, and hands on the raw amount, every place kept', () => {
    expect(formatted('maker_fee_amount')).toBe('1234.125668 USDT');
    expect(formatted('taker_fee_amount')).toBe('0.00000194 BTC');
    expect(formatted('total')).toBe('1234567.00000001');
  });

  it('sizes an amount by its grouped text and a date by its formatted text', () => {
    const fitted = fitColumns(trades, cols, [trade], new Map(), 4000);
    expect(widthOf(fitted, 'total')).toBeGreaterThanOrEqual(Math.ceil('1,234,567.00000001'.length * 7.5));
    expect(widthOf(fitted, 'created_at')).toBeGreaterThanOrEqual(Math.ceil('Oct 29, 2026 06:07'.length * 7.5));
  });

  it('groups the integer digits by three and leaves the fraction and other text alone', () => {
    expect(groupDigits('1234567.00000001')).toBe('1,234,567.00000001');
    expect(groupDigits('-1000')).toBe('-1,000');
    expect(groupDigits('999.123456789')).toBe('999.123456789');
    expect(groupDigits('0.000000000000000001')).toBe('0.000000000000000001');
    expect(groupDigits('1e-7')).toBe('1e-7');
    expect(groupDigits('n/a')).toBe('n/a');
  });
});

describe('a wide list at 1440 px (brief h26: Payment Settings scrolled sideways)', () => {
  // The grid's width in a 1440×900 window beside the sidebar, as measured in Chromium (useWidth rounds down to 10).
  const GRID_AT_1440 = 1140;
  const settings = REGISTRY['payment-settings']!;
  const rows = [
    { id: 16, country_code: 'AE', country_name: 'United Arab Emirates', continent: 'AS', continent_name: 'Asia', purchase_type: 'bank_transfer',
      payment_gateway_name: 'Simplex ETH', currency_id: 'usd', min_amount: '50', max_amount: '20000', fee: '0.035', fixed_fee: '10',
      state: 'enabled', updated_at: '2026-11-15T12:00:00Z' },
    { id: 39, country_code: 'BR', country_name: 'Brazil', continent: 'SA', continent_name: 'South America', purchase_type: 'pix',
      payment_gateway_name: 'Banxa USDT', currency_id: 'usd', min_amount: '10', max_amount: '3000', fee: '0.015', fixed_fee: '0',
      state: 'enabled', updated_at: '2026-11-06T12:00:00Z' },
  ];
  const ctx = { switches: { 'toggle-state': { allowed: true, onToggle: () => {} } }, actions: { showDelete: true } } as never;
  const all = columnsFor(settings, ctx);
  const sum = (cols: ReturnType<typeof fitColumns>) => cols.reduce((w, c) => w + Number(c.minWidth ?? c.width ?? 0), 0);

  it('fits the default columns without scrolling, and still shows any column a view chooses', () => {
    const shown = pickColumns(settings, all, undefined);
    expect(sum(fitColumns(settings, shown, rows, new Map(), GRID_AT_1440))).toBeLessThanOrEqual(GRID_AT_1440);
    // What staff decide by stays on screen: where, which method and gateway, the limits, the fees, the switch.
    const ids = shown.map((c) => c.colId);
    for (const id of ['country_name', 'purchase_type', 'payment_gateway_name', 'currency_id', 'min_amount', 'max_amount', 'fee', 'fixed_fee', 'state', '__actions']) {
      expect(ids, id).toContain(id);
    }
    // A hidden column is chosen like any other (`?columns=`, a saved view), in the order given.
    expect(pickColumns(settings, all, ['updated_at', 'id']).map((c) => c.colId)).toEqual(['updated_at', 'id', '__actions']);
    // A list that hides nothing shows every column, less what the embedding screen hides.
    const users = REGISTRY.users!;
    const userCols = columnsFor(users, { switches: {} });
    expect(pickColumns(users, userCols, undefined, ['email']).map((c) => c.colId)).toEqual(userCols.map((c) => c.colId).filter((id) => id !== 'email'));
  });
});
