/** The country filters take an ISO code of the bundled list in any case, and name a bad one (issue 9, item 11). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import type { SignedIn } from '../helpers/auth.js';
import { caller, mkUser, staff } from './users-fixtures.js';

let t: TestApp;
let admin: SignedIn;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await testApp();
  call = caller(t, '/api/v2/barong/admin');
  admin = await staff(t, 'admin');
  await mkUser(t, { email: 'hans@example.com', country: 'DE' });
  await mkUser(t, { email: 'joe@example.com', country: 'US' });
});
afterAll(async () => { await t?.close(); });

describe('country filters', () => {
  it.each(['us', 'US', ' Us '])('the directory matches %j as US', async (country) => {
    const res = await call(admin, 'GET', `/users?country=${encodeURIComponent(country)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { email: string }[]).map((u) => u.email)).toEqual(['joe@example.com']);
  });

  it.each(['Germany', 'XX', 'D'])('%j is refused with the field named, not answered with an empty list', async (country) => {
    const res = await call(admin, 'GET', `/users?country=${country}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: ['admin.user.invalid_country'], fields: { country: ['admin.user.invalid_country'] } });
  });

  it('pending applications and service logs take the same codes', async () => {
    for (const path of ['/users/documents/pending?country=de', '/service_logs?user_country=de']) {
      const res = await call(admin, 'GET', path);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
      const bad = await call(admin, 'GET', path.replace('=de', '=Germany'));
      expect(bad.statusCode, `${path}: ${bad.body}`).toBe(422);
    }
  });
});
