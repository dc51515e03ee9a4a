/**
 * The built SPA as the server sends it (plugins/static.ts), over a dist/ made here the way `vite build`
 * makes it: hashed assets with brotli and gzip copies (cli/precompress.ts), index.html revalidated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compressFile } from '../../src/server/cli/precompress.js';
import { testApp, type TestApp } from '../helpers/app.js';

const JS = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const CSS = `.a{color:red}\n`.repeat(200);
const INDEX = '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body></body></html>';

let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'steward-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dist, 'assets', 'index-AbC123.js'), JS);
  writeFileSync(join(dist, 'assets', 'index-XyZ789.css'), CSS);
  // A file without compressed copies (as the plugin leaves a file that does not shrink).
  writeFileSync(join(dist, 'assets', 'plain-Q1w2E3.js'), 'export {};\n');
  await compressFile(join(dist, 'assets', 'index-AbC123.js'));
  await compressFile(join(dist, 'assets', 'index-XyZ789.css'));
  t = await testApp({ env: { STEWARD_STATIC_DIR: dist } });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } });

describe('hashed assets', () => {
  it('sends brotli when the browser takes both brotli and gzip', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip when only gzip is accepted', async () => {
    const res = await get('/assets/index-XyZ789.css', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(gunzipSync(res.rawPayload).toString()).toBe(CSS);
  });

  it('sends the file as it is without an accepted encoding, still varying on it', async () => {
    for (const enc of [undefined, 'identity']) {
      const res = await get('/assets/index-AbC123.js', enc);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(JS);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
  });

  it('falls back to the plain file when no compressed copy exists', async () => {
    const res = await get('/assets/plain-Q1w2E3.js', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export {};\n');
  });

  it('is cached for a year without revalidation, whichever encoding is sent', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      expect((await get('/assets/index-AbC123.js', enc)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers a missing asset, and a compressed copy asked for by name, with a JSON 404', async () => {
    for (const url of ['/assets/index-Missing.js', '/assets/index-AbC123.js.br', '/assets/index-AbC123.js.gz']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ errors: ['route.not_found'] });
    }
  });
});

describe('index.html and client routes', () => {
  it('revalidates index.html on every load', async () => {
    for (const url of ['/', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('serves index.html, revalidated, for a client route', async () => {
    const res = await get('/user-directory/ID1234567890?tab=devices', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX);
  });

  it('answers HEAD on a client route as GET does, without a body (link checkers, monitors)', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/user-directory' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe('');
    expect((await t.app.inject({ method: 'HEAD', url: '/api/v2/nothing' })).statusCode).not.toBe(200);
  });

  it('answers a conditional reload of index.html with 304', async () => {
    const first = await get('/index.html');
    const again = await t.app.inject({ url: '/index.html', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it("does not serve the build's manifest", async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('never caches the runtime config', async () => {
    expect((await get('/config.js', 'br, gzip')).headers['cache-control']).toBe('no-store');
  });
});
