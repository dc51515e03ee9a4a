/** Decimals as Peatio sends them: PostgreSQL's numeric text with the trailing zeros (and a bare point) cut. */
import { describe, expect, it } from 'vitest';
import { plainDecimal } from '../../src/server/auth/users/entity.js';

describe('plainDecimal', () => {
  it('cuts trailing zeros after the point, and the point when nothing is left', () => {
    for (const [text, plain] of [
      ['1.500000000000000000', '1.5'], ['0.000000000000000000', '0'], ['100', '100'], ['100.000', '100'], ['-0.0100', '-0.01'],
      ['64012.340000000000000000', '64012.34'], ['10.000000000000000001', '10.000000000000000001'], ['0.5', '0.5'],
    ]) expect(plainDecimal(text!), text).toBe(plain);
  });
});
