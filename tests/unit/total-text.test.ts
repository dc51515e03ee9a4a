/** How a list's total reads (client/resource-ui/paging.ts): exact, an estimate to three significant digits, a floor. */
import { describe, expect, it } from 'vitest';
import { roughly, totalText } from '../../src/client/resource-ui/paging';

describe('a list total', () => {
  it('says an estimate to three significant digits, so the next page of the same list says the same', () => {
    expect(totalText(107_393, 'estimated')).toBe('≈ 107,000');
    expect(totalText(107_328, 'estimated')).toBe('≈ 107,000');
    expect(totalText(1_000_000, 'estimated')).toBe('≈ 1,000,000');
    expect(totalText(12_345_678, 'estimated')).toBe('≈ 12,300,000');
    expect(totalText(10_551, 'estimated')).toBe('≈ 10,600');
    expect(totalText(999, 'estimated')).toBe('≈ 999');
    expect(totalText(1, 'estimated')).toBe('≈ 1');
    expect(roughly(99_950)).toBe(100_000);
  });

  it('says an exact count as it is, and a floor with a plus', () => {
    expect(totalText(107_393, 'exact')).toBe('107,393');
    expect(totalText(10_001, 'at-least')).toBe('10,000+');
  });
});
