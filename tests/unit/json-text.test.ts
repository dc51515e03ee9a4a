/**
 * JSON numbers JavaScript cannot hold as sent (plugins/json-text.ts): the literals whose value is not
 * the decimal JavaScript writes back for the double it read are found in the raw text, and become NaN
 * after parsing (refused by every field) instead of a rounded value. Exact ones, however written, stay.
 */
import { describe, expect, it } from 'vitest';
import { inexactNumbers, withoutInexact } from '../../src/server/plugins/json-text.js';

const read = (text: string) => withoutInexact(JSON.parse(text), inexactNumbers(text));

describe('inexact JSON numbers', () => {
  it.each([
    ['1', 1], ['-5', -5], ['0', 0], ['-0', -0], ['2.5', 2.5], ['2.50', 2.5], ['0.1', 0.1], ['1.0', 1], ['1e0', 1], ['1E3', 1000], ['25e-1', 2.5],
    ['123456789012345', 123456789012345], ['9007199254740992', 9007199254740992], ['12345678901234568', 12345678901234568],
    ['1e-7', 1e-7], ['5e-324', 5e-324], ['1e+21', 1e21], ['1.0000000000000002', 1.0000000000000002], ['100000000000000000000', 1e20],
  ])('keeps %s, which JavaScript holds exactly', (literal, value) => expect(read(`{"a":${literal},"b":[${literal}]}`)).toEqual({ a: value, b: [value] }));

  it.each(['9007199254740993', '99999999999999999999', '0.10000000000000001', '1.0000000000000001', '1e400', '-1e400', '12345678901234567'])(
    'makes %s NaN, wherever it is', (literal) => {
      const v = read(`{"a":${literal},"b":[{"c":${literal}}]}`) as { a: number; b: [{ c: number }] };
      expect([v.a, v.b[0].c]).toEqual([Number.NaN, Number.NaN]);
    });

  it('looks only at numbers: strings, escaped quotes and keys that look like numbers are left as they are', () => {
    expect(inexactNumbers('{"9007199254740993":"9007199254740993","x\\"1e400":"\\"0.10000000000000001","n":[true,null,1]}').size).toBe(0);
    expect(read('{"a":"9007199254740993","b":9007199254740993}')).toEqual({ a: '9007199254740993', b: Number.NaN });
  });
});
