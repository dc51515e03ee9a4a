import { describe, it, expect } from 'vitest';
import { object, string } from 'superstruct';
import { addFieldError, check, setOwnOnce } from '../../src/shared/validation.js';

describe('field errors keyed by request input', () => {
  it('treats constructor and __proto__ as ordinary field names', () => {
    const fields: Record<string, string[]> = {};
    addFieldError(fields, 'constructor', 'x.invalid_constructor');
    addFieldError(fields, '__proto__', 'x.unknown___proto__');
    addFieldError(fields, '__proto__', 'x.unknown___proto__');
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['constructor', '__proto__']);
    expect(Object.getOwnPropertyDescriptor(fields, '__proto__')?.value).toEqual(['x.unknown___proto__']);
    expect(JSON.stringify(fields)).toBe('{"constructor":["x.invalid_constructor"],"__proto__":["x.unknown___proto__"]}');
  });

  it('sets a value only once', () => {
    const m: Record<string, string> = {};
    expect(setOwnOnce(m, 'toString', () => 'first')).toBe('first');
    expect(setOwnOnce(m, 'toString', () => 'second')).toBe('first');
  });

  it('check() reports unknown keys named like prototype members as codes', () => {
    const r = check(object({ name: string() }), JSON.parse('{"name":"a","constructor":1}'), 'admin.x');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual(['admin.x.unknown_constructor']);
  });
});
