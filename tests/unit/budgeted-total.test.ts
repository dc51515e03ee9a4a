import { describe, expect, it } from 'vitest';
import { budgetedTotal } from '../../src/server/db/queries/count.js';

const first = { page: 1, limit: 50 };

describe('the total of a list whose count ran past its budget', () => {
  it('is exact when an offset page ends the list', () => {
    expect(budgetedTotal(900, { page: first, rows: 30, more: false })).toEqual({ total: 30 });
    expect(budgetedTotal(900, { page: { page: 3, limit: 50 }, rows: 20, more: false })).toEqual({ total: 120 });
    expect(budgetedTotal(900, { page: first, rows: 0, more: false })).toEqual({ total: 0 });
  });

  it('is the estimate when it is at least the rows known, otherwise those rows as a floor', () => {
    expect(budgetedTotal(900, { page: first, rows: 50, more: true })).toEqual({ total: 900, estimate: 'planner' });
    expect(budgetedTotal(40, { page: first, rows: 50, more: true })).toEqual({ total: 51, estimate: 'lower-bound' });
    expect(budgetedTotal(120, { page: { page: 3, limit: 50 }, rows: 50, more: true })).toEqual({ total: 151, estimate: 'lower-bound' });
  });

  it('knows nothing of the rows before a cursor page, and past the end only that fewer match than precede it', () => {
    expect(budgetedTotal(0, { page: { ...first, cursor: 'c' }, rows: 20, more: false })).toEqual({ total: 20, estimate: 'lower-bound' });
    expect(budgetedTotal(500, { page: { ...first, cursor: 'c' }, rows: 50, more: true })).toEqual({ total: 500, estimate: 'planner' });
    expect(budgetedTotal(900, { page: { page: 9, limit: 50 }, rows: 0, more: false })).toEqual({ total: 400, estimate: 'planner' });
    expect(budgetedTotal(120, { page: { page: 9, limit: 50 }, rows: 0, more: false })).toEqual({ total: 120, estimate: 'planner' });
  });
});
