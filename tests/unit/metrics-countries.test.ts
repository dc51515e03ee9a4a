import { describe, it, expect } from 'vitest';
import { COUNTRIES, countryByIso } from '../../src/shared/countries.js';

describe('bundled country list (dashboard country selector)', () => {
  it('has one well-formed entry per ISO code', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((c) => c.value)).size).toBe(COUNTRIES.length);
    for (const c of COUNTRIES) {
      expect(c.value, c.text).toMatch(/^[A-Z]{2}$/);
      expect(c.code, c.text).toMatch(/^\d{1,4}$/);
      expect(c.text.length, c.value).toBeGreaterThan(2);
      expect(Math.abs(c.latitude), c.value).toBeLessThanOrEqual(90);
      expect(Math.abs(c.longitude), c.value).toBeLessThanOrEqual(180);
    }
  });

  it('finds countries by code in any case', () => {
    expect(countryByIso('np')).toMatchObject({ text: 'Nepal', code: '977', value: 'NP' });
    expect(countryByIso('IN')?.code).toBe('91');
    expect(countryByIso('ZZ')).toBeUndefined();
  });
});
