/**
 * Content-sized columns (resource-ui/columns.ts fitColumns): when a list is wider than the grid, long free
 * text and then identifying columns give way; amounts, dates and states are never cut (a cut amount is a
 * lost value in a money console).
 */
import { describe, expect, it } from 'vitest';
import { REGISTRY } from '../../src/shared/resources';
import { columnsFor, fitColumns } from '../../src/client/resource-ui/columns';

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
