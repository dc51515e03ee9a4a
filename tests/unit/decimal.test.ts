/** Exact decimal strings: comparison (cross-field bounds) and point shifts (fees as percent). */
import { describe, expect, it } from 'vitest';
import { amountRefusal, compareDecimal, shiftDecimal } from '../../src/shared/decimal.js';

describe('compareDecimal', () => {
  it.each([
    ['1', '2', -1], ['2', '1', 1], ['1.0', '1', 0], ['0', '-0', 0], ['-1', '1', -1], ['-2', '-1', -1],
    ['10', '9.999999999999999999', 1], ['0.000000000000000001', '0', 1], ['123456789012345678.1', '123456789012345678.09', 1],
    ['007', '7', 0], ['5', '10', -1],
  ] as const)('%s vs %s', (a, b, want) => expect(compareDecimal(a, b)).toBe(want));
});

describe('shiftDecimal', () => {
  it.each([
    ['0.0015', 2, '0.15'], ['0.15', -2, '0.0015'], ['0', 2, '0'], ['0.5', 2, '50'], ['50', -2, '0.5'],
    ['1.25', -4, '0.000125'], ['0.000000000000000001', 2, '0.0000000000000001'], ['12', 3, '12000'], ['-0.01', 2, '-1'],
    ['abc', 2, 'abc'],
  ] as const)('%s shifted %i', (s, n, want) => expect(shiftDecimal(s, n)).toBe(want));
});

describe('amountRefusal: the one check of a money amount (column, sign, currency precision)', () => {
  it.each([
    ['1', 0, null], ['999999999999999999', 0, null], ['999999999999999999.99', 2, null], ['0.00000001', 8, null], ['00012.50', 1, null],
    ['1000000000000000000', 8, 'amount_too_large'], ['99999999999999999999', 8, 'amount_too_large'], ['0', 8, 'non_positive_amount'],
    ['-1', 8, 'non_positive_amount'], ['1.001', 2, 'amount_exceeds_precision'], ['1e3', 8, 'invalid_amount'], [' 1', 8, 'invalid_amount'],
    ['+1', 8, 'invalid_amount'], ['1.0000000000000000001', 18, 'invalid_amount'],
  ] as const)('%s at precision %i → %s', (amount, precision, want) => expect(amountRefusal(amount, precision)).toBe(want));

  it('takes a signed amount that is not zero (an adjustment)', () => {
    expect(amountRefusal('-5.5', 2, 'nonzero')).toBeNull();
    expect(amountRefusal('-0.00', 2, 'nonzero')).toBe('zero_amount');
    expect(amountRefusal('-1000000000000000000', 2, 'nonzero')).toBe('amount_too_large');
  });
});
