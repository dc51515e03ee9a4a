/**
 * The default rows are derived from the routes' abilities (issue 10 item 12, issue 28 item 5; whether
 * they agree with the abilities is tests/server/permission-layers.test.ts): today's fingerprints pinned
 * (a change must record the old ones in PAST_DEFAULTS), and the upgrade of a database still holding the
 * rows of an earlier version — hand-written, or a whole admin tree per role — which leaves edited roles alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handWritten from './fixtures/permissions-hand-written.json' with { type: 'json' };
import byTree from './fixtures/permissions-by-tree.json' with { type: 'json' };
import {
  defaultPermissions, ensureDefaultPermissions, fingerprint, PAST_DEFAULTS,
} from '../../src/server/auth/permissions-seed.js';
import { evaluatePermissions } from '../../src/server/plugins/authz.js';
import { testApp, type TestApp } from '../helpers/app.js';

const TODAY: Record<string, string> = {
  superadmin: 'e916173c7205cd56', admin: '50a4aee508a99748', accountant: 'f4e663acd40270c3', compliance: 'b5176f9deb309208',
  technical: '27c8980e69f44be7', support: 'f3758a4220159d21', manager: '8cdd61e6b1ee77dd', broker: '5a4520f1c823e3c0',
  investor: '7925ba34c3e5b244', trader: '9d6f29d41aeea1ee', member: '9d6f29d41aeea1ee',
};
const rolesOf = (rows: readonly { role: string }[]) => [...new Set(rows.map((r) => r.role))];
const defaultsOf = (role: string) => defaultPermissions().filter((r) => r.role === role);

describe('default permission rows', () => {
  it("are today's (when they change, add the old fingerprint to PAST_DEFAULTS and update this pin)", () => {
    expect(Object.fromEntries(rolesOf(defaultPermissions()).map((role) => [role, fingerprint(defaultsOf(role))]))).toEqual(TODAY);
  });

  // authz filters a role's rows on every request (about 6 µs for support's 105 against 3.5 µs for its
  // former 15, measured): past this many, index them by path before adding more.
  it('stay small enough to filter on every request', () => {
    for (const role of rolesOf(defaultPermissions())) expect(defaultsOf(role).length, role).toBeLessThanOrEqual(200);
  });

  it('the fixtures are past sets the upgrade recognises: hand-written, and a whole admin tree per role', () => {
    for (const [role, past] of Object.entries(PAST_DEFAULTS)) {
      expect(past, role).toContain(fingerprint(handWritten.filter((r) => r.role === role)));
      expect(past, role).toContain(fingerprint(byTree.filter((r) => r.role === role)));
      expect(past, role).not.toContain(TODAY[role]);
    }
  });
});

describe('upgrading hand-written defaults', () => {
  let t: TestApp;
  beforeAll(async () => { t = await testApp(); });
  afterAll(async () => { await t?.close(); });

  const stored = async (role: string) => t.db.kysely.selectFrom('permissions').select(['verb', 'path', 'action', 'topic'])
    .where('role', '=', role).execute();

  it('replaces every role still on a past default set, keeps a role staff edited, and is idempotent', async () => {
    await t.db.kysely.deleteFrom('permissions').execute();
    await t.db.kysely.insertInto('permissions').values(handWritten).execute();
    // Staff narrowed compliance themselves: its rows are theirs now.
    await t.db.kysely.insertInto('permissions')
      .values({ role: 'compliance', verb: 'GET', path: 'api/v2/barong/admin/activities', action: 'DROP', topic: null }).execute();
    // The hand-written rows refused support's PUT /admin/users {otp} that its ability allows.
    expect(evaluatePermissions(await stored('support'), 'PUT', '/api/v2/barong/admin/users').allowed).toBe(false);

    const upgraded = ['accountant', 'technical', 'support', 'manager', 'broker', 'investor'];
    const inserted = await ensureDefaultPermissions(t.db.kysely);
    expect(inserted).toBe(upgraded.reduce((n, role) => n + defaultsOf(role).length, 0));
    for (const role of upgraded) expect(fingerprint(await stored(role)), role).toBe(TODAY[role]);
    expect(evaluatePermissions(await stored('support'), 'PUT', '/api/v2/barong/admin/users').allowed).toBe(true);
    expect(evaluatePermissions(await stored('technical'), 'GET', '/api/v2/barong/admin/users/documents/pending').allowed).toBe(true);
    expect(await stored('compliance')).toHaveLength(handWritten.filter((r) => r.role === 'compliance').length + 1);
    // Superadmin and admin had the same rows before: untouched.
    for (const role of ['superadmin', 'admin', 'member']) expect(fingerprint(await stored(role)), role).toBe(TODAY[role]);

    expect(await ensureDefaultPermissions(t.db.kysely)).toBe(0);
  });

  it("replaces the whole-tree rows of every staff role: support's gateway no longer takes every exchange write", async () => {
    await t.db.kysely.deleteFrom('permissions').execute();
    await t.db.kysely.insertInto('permissions').values(byTree).execute();
    const can = async (method: string, path: string) => evaluatePermissions(await stored('support'), method, path).allowed;
    expect(await can('POST', '/api/v2/peatio/admin/markets/update')).toBe(true);

    const staff = ['accountant', 'compliance', 'technical', 'support', 'manager', 'broker', 'investor'];
    expect(await ensureDefaultPermissions(t.db.kysely)).toBe(staff.reduce((n, role) => n + defaultsOf(role).length, 0));
    for (const role of [...staff, 'superadmin', 'admin', 'member']) expect(fingerprint(await stored(role)), role).toBe(TODAY[role]);
    expect(await can('POST', '/api/v2/peatio/admin/markets/update')).toBe(false);
    expect(await can('POST', '/api/v2/peatio/admin/orders/7/cancel')).toBe(true);
    expect(await ensureDefaultPermissions(t.db.kysely)).toBe(0);
  });
});
