/**
 * Role × route × verb, from the published abilities: every admin route the server registers (read from
 * Fastify's route table, so a new route joins without an edit) is called with a valid request by every
 * role the spec knows. First as a superadmin, while watching which abilities the handler asks for
 * (`watchAbilityChecks`); a role is then expected through the gates exactly when its published
 * abilities (GET /admin/abilities) hold every one of them. An answer that passed the gates for a role
 * whose abilities say no is an escalation; a gate refusal (permission rows: authz.invalid_permission,
 * abilities: admin.ability.not_permitted) of a call the abilities allow is the disagreement the issue
 * found. A refusal must also come from the right gate (issue 28 item 5): the permission rows when the
 * route's abilities refuse the role whatever the body, the handler only when an attribute the body chose
 * is refused. An admin route that asks for no ability at all fails too, unless it is listed in OPEN_TO_STAFF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { signInAs, type SignedIn } from '../helpers/auth.js';
import { createUser } from '../helpers/users.js';
import { roleCan } from '../../src/server/auth/require-ability.js';
import { KNOWN_ROLES } from '../../src/server/auth/permissions-seed.js';
import type { Ctx } from './helpers/writes.js';
import { routeAllows } from '../../src/server/auth/route-rows.js';
import { adminRouteCases, GATE, gateRefusal, learn, refusedAtGate, routeNeed, send, watchNeeds, type Case } from './helpers/admin-routes.js';

/** Admin routes every staff role on the allowed list may call, by design: they ask for no ability. */
// Peatio answers the node clients without an ability check (the blockchain form's select).
// A staff member's own saved views (issue 17): any staff role keeps them; a view's list is checked inside.
const OPEN_TO_STAFF = new Set([
  'GET /api/v2/barong/admin/abilities', 'GET /api/v2/peatio/admin/abilities', 'GET /api/v2/peatio/admin/blockchains/clients',
  ...['GET', 'POST', 'PUT', 'DELETE'].map((m) => `${m} /api/v2/barong/admin/views`),
]);

/** Calls the route catalogue does not make by itself: field-level writes the issue found refused. */
const B = '/api/v2/barong/admin';
const EXTRA: Case[] = [
  { key: `PUT ${B}/users {otp}`, method: 'PUT', prepare: async (c) => ({ url: `${B}/users`, body: { uid: (await createUser(c.t.db)).uid, otp: false } }) },
  { key: `POST ${B}/users/update {otp}`, method: 'POST', prepare: async (c) => ({ url: `${B}/users/update`, body: { uid: (await createUser(c.t.db)).uid, otp: false } }) },
];

let t: TestApp;
let su: SignedIn;
const sessions = new Map<string, SignedIn>();

beforeAll(async () => {
  t = await testApp();
  su = (await signInAs(t, 'superadmin')).session;
  for (const role of KNOWN_ROLES) sessions.set(role, role === 'superadmin' ? su : (await signInAs(t, role)).session);
});
afterAll(async () => { await t?.close(); });

describe('role × route × verb against the published abilities', () => {
  it('every role passes the gates of exactly the calls its abilities allow', async () => {
    const ctx: Ctx = { t, su };
    const allowedRoles = t.app.deps.config.allowedRoles;
    const watched = watchNeeds();
    const failures: string[] = [];
    let probes = 0;
    try {
      for (const c of [...adminRouteCases(t), ...EXTRA]) {
        const { failure, needs } = await learn(t, su, c, watched, ctx);
        if (failure) {
          failures.push(failure);
          continue;
        }
        if (needs.length === 0 && !OPEN_TO_STAFF.has(c.key)) {
          failures.push(`${c.key}: asks for no ability (add the handler's check, or list it in OPEN_TO_STAFF)`);
          continue;
        }
        // What the gateway can judge of this call: the needs as the route table keeps them (an attribute the body chose is the handler's).
        const route = { method: c.method, url: c.key, needs: needs.map(routeNeed) };
        for (const role of KNOWN_ROLES) {
          const expected = allowedRoles.includes(role)
            && needs.every((n) => roleCan(role, n.action, n.subject, n.service, allowedRoles, n.fields));
          const res = await send(t, sessions.get(role)!, c.method, await c.prepare(ctx), `${c.key}#${role}`);
          probes++;
          const refusal = gateRefusal(res.statusCode, res.body);
          const why = needs.map((n) => `${n.action} ${n.subject}${n.fields ? `[${n.fields.join(',')}]` : ''}`).join(' + ') || 'staff';
          if (expected && refusal) failures.push(`${role} ${c.key}: refused (${res.statusCode} ${res.body.slice(0, 80)}) although its abilities allow ${why}`);
          if (!expected && !refusal) failures.push(`${role} ${c.key}: answered ${res.statusCode} although its abilities do not allow ${why}`);
          // Issue 28 item 5: the rows refuse what the route's abilities refuse; only an attribute the body chose is left to the handler.
          const gate = routeAllows(role, route, allowedRoles) ? GATE.abilities : GATE.rows;
          if (!expected && refusal && refusal !== gate) failures.push(`${role} ${c.key}: refused by ${refusal}, expected ${gate} (${why})`);
          if (res.statusCode >= 500) failures.push(`${role} ${c.key}: answered ${res.statusCode}`);
        }
      }
    } finally { watched.stop(); }
    console.log(`matrix: ${probes} probes over ${KNOWN_ROLES.length} roles`);
    expect(failures).toEqual([]);
    expect(probes).toBeGreaterThan(300);
  }, 900_000);

  // Issue 30: the superadmin's own permission rows, written by every role. Nobody but the superadmin may
  // write them, and not even the superadmin so that it could no longer manage permissions.
  it("every role is refused the superadmin's permission rows; the superadmin keeps its access", async () => {
    const P = '/api/v2/barong/admin/permissions';
    const suRow = async () => t.db.kysely.selectFrom('permissions').selectAll().where('role', '=', 'superadmin')
      .where('verb', '=', 'ALL').where('path', '=', 'api/v2').where('action', '=', 'ACCEPT').executeTakeFirstOrThrow();
    const { id } = await suRow();
    const writes: { method: 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'POST', url: P, payload: { role: 'superadmin', verb: 'all', path: 'api/v2/barong/admin/permissions', action: 'drop' } },
      { method: 'POST', url: P, payload: { role: 'superadmin', verb: 'get', path: 'api/v2', action: 'drop' } },
      { method: 'PUT', url: P, payload: { id, action: 'drop' } },
      { method: 'PUT', url: P, payload: { id, role: 'support' } },
      { method: 'DELETE', url: `${P}?id=${id}` },
    ];
    const failures: string[] = [];
    for (const role of KNOWN_ROLES) {
      for (const w of writes) {
        const res = await t.app.inject({ method: w.method, url: w.url, headers: sessions.get(role)!.headers(), ...(w.payload ? { payload: w.payload } : {}) });
        const codes: string[] = res.statusCode < 400 ? [] : res.json().errors;
        const ok = role === 'superadmin'
          ? res.statusCode === 409 && codes.includes('admin.permission.locks_everyone_out')
          : refusedAtGate(res.statusCode, res.body) || codes.includes('admin.permission.superadmin_change');
        if (!ok) failures.push(`${role} ${w.method} ${JSON.stringify(w.payload ?? w.url)}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
      const read = await t.app.inject({ method: 'GET', url: P, headers: su.headers() });
      if (read.statusCode !== 200) failures.push(`after ${role}: the superadmin reads permissions ${read.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await suRow()).toMatchObject({ id, role: 'superadmin', action: 'ACCEPT' });
  });
});
