import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { sql } from 'kysely';
import { testApp, type TestApp } from '../helpers/app.js';
import { migrate } from '../../src/server/db/migrate.js';

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

  it('finds a migrated database up to date in two statements, and still refuses one migrated by newer code', async () => {
    // Every statement sent through this instance, counted (the Migrator's own path sends a dozen and more).
    let sent = 0;
    const counted = t.db.kysely.withPlugin({ transformQuery: (a) => { sent++; return a.node; }, transformResult: async (a) => a.result });
    expect(await migrate(counted)).toEqual([]);
    expect(sent).toBe(2);
    await sql`INSERT INTO kysely_migration (name, timestamp) VALUES ('9999_from_newer_code', now()::text)`.execute(t.db.kysely);
    try {
      await expect(migrate(t.db.kysely)).rejects.toThrow(/9999_from_newer_code/);
    } finally {
      await sql`DELETE FROM kysely_migration WHERE name = '9999_from_newer_code'`.execute(t.db.kysely);
    }
  });
});
