import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => { t = await testApp(); });
afterAll(async () => { await t.close(); });

describe('app basics', () => {
  it('serves the runtime config as JSON and as a script', async () => {
    const json = await t.app.inject({ url: '/config.json' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ authUrl: '/api/v2/barong', captchaType: 'none', minutesUntilAutoLogout: 60 });
    const js = await t.app.inject({ url: '/config.js' });
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.body).toMatch(/^window.__STEWARD_CONFIG__ = \{/);
  });

  it('answers unknown routes with a JSON error code and a request id', async () => {
    const res = await t.app.inject({ url: '/api/v2/barong/public/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: ['route.not_found'] });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('has the migrated schema', async () => {
    const rows = await t.db.kysely.selectFrom('users').select('id').execute();
    expect(rows).toEqual([]);
  });
});
