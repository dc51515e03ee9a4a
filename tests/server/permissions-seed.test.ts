/**
 * The default rows are derived from the published abilities (issue 10 item 12): what they open per role,
 * today's fingerprints pinned (a change must record the old ones in PAST_DEFAULTS), and the upgrade of
 * a database still holding the hand-written rows of earlier versions, which leaves edited roles alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import handWritten from './fixtures/permissions-hand-written.json' with { type: 'json' };
import {
  DEFAULT_PERMISSIONS, ensureDefaultPermissions, fingerprint, PAST_DEFAULTS,
} from '../../src/server/auth/permissions-seed.js';
import { evaluatePermissions } from '../../src/server/plugins/authz.js';
import { testApp, type TestApp } from '../helpers/app.js';

const TODAY: Record<string, string> = {
  superadmin: 'e916173c7205cd56', admin: '50a4aee508a99748', accountant: '8dde3d95f6e4ec20', compliance: '08645c587ee79c13',
  technical: '88a22dbca0990e01', support: '08645c587ee79c13', manager: '8f7efd8db3a9434f', broker: '79c391eba2fb20c7',
  investor: '8f7efd8db3a9434f', trader: '9d6f29d41aeea1ee', member: '9d6f29d41aeea1ee',
};
const rolesOf = (rows: readonly { role: string }[]) => [...new Set(rows.map((r) => r.role))];
const defaultsOf = (role: string) => DEFAULT_PERMISSIONS.filter((r) => r.role === role);

describe('default permission rows', () => {
  it("are today's (when they change, add the old fingerprint to PAST_DEFAULTS and update this pin)", () => {
    expect(Object.fromEntries(rolesOf(DEFAULT_PERMISSIONS).map((role) => [role, fingerprint(defaultsOf(role))]))).toEqual(TODAY);
  });

  it('carry no DROP rows for staff: what a staff role may not do is its abilities\' to say', () => {
    const staffDrops = DEFAULT_PERMISSIONS.filter((r) => r.action === 'drop' && r.role !== 'member' && r.role !== 'trader');
    expect(staffDrops).toEqual([]);
  });

  it('the fixture is the hand-written set the upgrade recognises', () => {
    for (const [role, past] of Object.entries(PAST_DEFAULTS)) {
      expect(past, role).toContain(fingerprint(handWritten.filter((r) => r.role === role)));
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
});
