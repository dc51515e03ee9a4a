/** Exact decimal strings: comparison (cross-field bounds) and point shifts (fees as percent). */
import { describe, expect, it } from 'vitest';
import { compareDecimal, shiftDecimal } from '../../src/shared/decimal.js';

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
