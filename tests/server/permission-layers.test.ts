/**
 * The two gates agree (issue 28 item 5): for every admin route the server registers and every role the
 * spec knows, the gateway's verdict — the allowed-roles rule and the role's seeded permission rows,
 * through the same functions authz.ts runs — equals the abilities' verdict: the role holds every ability
 * the route's handler asks for (the table route-abilities.ts, which the reliability suite checks against
 * the handlers). Before the rows were derived route by route they opened a service's whole admin tree
 * to every verb, and support passed the gateway for every exchange write because it may cancel orders:
 * the same walk over those rows (the fixture of the upgrade test) must find exactly that.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import byTree from './fixtures/permissions-by-tree.json' with { type: 'json' };
import { testApp, type TestApp } from '../helpers/app.js';
import { KNOWN_ROLES } from '../../src/server/auth/permissions-seed.js';
import { ROUTE_ABILITIES } from '../../src/server/auth/route-abilities.js';
import { routeAllows, samplePath } from '../../src/server/auth/route-rows.js';
import { isPassPath } from '../../src/server/auth/paths.js';
import { evaluatePermissions, offAllowedList } from '../../src/server/plugins/authz.js';
import { permissionsForRole, type PermissionRow } from '../../src/server/db/queries/permissions.js';

type Rows = ReadonlyMap<string, readonly Pick<PermissionRow, 'verb' | 'path' | 'action' | 'topic'>[]>;
let t: TestApp;
const seeded = new Map<string, PermissionRow[]>();
beforeAll(async () => {
  t = await testApp();
  for (const role of KNOWN_ROLES) seeded.set(role, await permissionsForRole(t.db.kysely, role));
});
afterAll(async () => { await t?.close(); });

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const ADMIN = /^\/api\/v2\/[^/]+\/admin\//;
const registered = () => t.app.routeList.filter((r) => r.method !== 'HEAD');

/** The gateway's verdict on a path for a role with these rows, as authz.ts reaches it. */
const gatewayAllows = (rows: Rows, role: string, method: string, path: string) =>
  !offAllowedList(path, role, t.app.deps.config.allowedRoles) && evaluatePermissions(rows.get(role) ?? [], method, path).allowed;

/** Every admin route × role where the rows and the abilities answer differently, and how many pairs were compared. */
function disagreements(rows: Rows): { checked: number; disagree: string[] } {
  const allowedRoles = t.app.deps.config.allowedRoles;
  const disagree: string[] = [];
  let checked = 0;
  for (const route of ROUTE_ABILITIES) {
    const path = `/${samplePath(route.url)}`;
    for (const role of KNOWN_ROLES) {
      const gateway = gatewayAllows(rows, role, route.method, path);
      const abilities = routeAllows(role, route, allowedRoles);
      checked++;
      if (gateway === abilities) continue;
      const needs = route.needs.map((n) => `${n.action} ${n.subject}${n.fields ? `[${n.fields.join(',')}]` : ''}`).join(' + ') || 'staff';
      disagree.push(`${role} ${route.method} ${path}: the rows ${gateway ? 'accept' : 'refuse'}, the abilities (${needs}) ${abilities ? 'allow' : 'refuse'}`);
    }
  }
  return { checked, disagree };
}

describe('the permission rows and the abilities', () => {
  it('the route table lists every registered admin route and no other', () => {
    expect(ROUTE_ABILITIES.map(key).sort()).toEqual(registered().filter((r) => ADMIN.test(r.url)).map(key).sort());
  });

  it('give the same answer for every admin route and role', () => {
    const { checked, disagree } = disagreements(seeded);
    console.log(`permission layers: ${ROUTE_ABILITIES.length} admin routes x ${KNOWN_ROLES.length} roles = ${checked} pairs, ${disagree.length} disagreements`);
    expect(disagree).toEqual([]);
    expect(checked).toBe(ROUTE_ABILITIES.length * KNOWN_ROLES.length);
  });

  it("found the whole-tree rows' disagreements: support passed the gateway for every exchange write", () => {
    const old = new Map(KNOWN_ROLES.map((role) => [role, byTree.filter((r) => r.role === role)]));
    const { disagree } = disagreements(old);
    console.log(`permission layers on the whole-tree rows: ${disagree.length} disagreements`);
    expect(disagree).toContain('support POST /api/v2/peatio/admin/markets/update: the rows accept, the abilities (update Market) refuse');
    // Every one a gateway accept the abilities refuse: the whole-tree rows never refused what the abilities allow.
    expect(disagree.filter((d) => !/: the rows accept, .* refuse$/.test(d))).toEqual([]);
  });

  // Staff keep every non-admin API a customer calls: their rows open applogic's members' area by name
  // (an ACCEPT of all applogic would open its admin area too), so a new members' route must join them.
  it("let every staff role make the non-admin calls a customer's rows take", () => {
    const own = registered().filter((r) => !ADMIN.test(r.url) && !isPassPath(r.url) && r.url.startsWith('/api/'));
    const missing: string[] = [];
    for (const route of own) {
      const path = `/${samplePath(route.url)}`;
      if (!gatewayAllows(seeded, 'member', route.method, path)) continue;
      for (const role of KNOWN_ROLES) {
        if (!gatewayAllows(seeded, role, route.method, path)) missing.push(`${role} ${route.method} ${path}`);
      }
    }
    // The members' pins, applogic's wonka calls and the private stream, today.
    expect(own.filter((r) => r.url.startsWith('/api/v2/applogic/')).length).toBeGreaterThan(0);
    expect(missing).toEqual([]);
  });
});
