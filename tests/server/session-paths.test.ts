import { describe, it, expect } from 'vitest';
import { isPassPath, normalisePath } from '../../src/server/auth/paths.js';

describe('isPassPath', () => {
  it('passes everything outside /api/ and the Barong pass prefixes', () => {
    for (const url of [
      '/', '/index.html', '/assets/app.js', '/config.js',
      '/api/v2/barong/identity/sessions', '/api/v2/barong/identity/sessions/new?x=1', '/api/v2/barong/identity',
      '/api/v2/barong/public/graph/data', '/api/v2/peatio/public/markets', '/api/v2/applogic/public/x',
      '/api/v2/ranger/public', '/api/v2/ranger/public/?stream=global.tickers', '/api/v2/barong/identity/configs/',
    ]) expect(isPassPath(url), url).toBe(true);
  });

  it('protects everything else under /api/, including look-alikes and tricks', () => {
    for (const url of [
      '/api', '/api/', '/api/v2/barong/resource/users/me', '/api/v2/barong/admin/users', '/api/v2/peatio/admin/orders',
      '/api/v2/ranger/private', '/api/v2/ranger/publicity', '/api/v2/barong/identityx/sessions',
      '/api/v2/barong/identity/../admin/users', '/api/v2/barong/identity/%2e%2e/admin/users',
      '//api/v2/barong/admin/users', '/api//v2/barong/admin', '/API/v2/barong/admin/users',
      '/api/v2/barong/IDENTITY/sessions', '/api/v2/barong/%zz', '/api/v2/peatio/public/../admin/orders',
      '/api/v2/barong/identity%2f..%2fadmin',
    ]) expect(isPassPath(url), url).toBe(false);
  });

  it('normalises the path it judges', () => {
    expect(normalisePath('/api//v2/barong/?a=b')).toBe('/api/v2/barong');
    expect(normalisePath('/api/%76%32')).toBe('/api/v2');
    expect(normalisePath('/a/./b')).toBeNull();
    expect(normalisePath('/%E0%A4%A')).toBeNull();
  });
});
