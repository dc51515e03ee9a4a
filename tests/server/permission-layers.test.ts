/**
 * The two gates agree (issue 28 item 5): for every admin route the server registers and every role the
 * spec knows, the gateway's verdict — the allowed-roles rule and the role's seeded permission rows,
 * through the same functions authz.ts runs — equals the abilities' verdict: the role holds every ability
 * the route's handler asks for (the table route-abilities.ts, which the reliability suite checks against
 * the handlers). Before the rows were derived route by route they opened a service's whole admin tree
 * to every verb, and support passed the gateway for every exchange write because it may cancel orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../helpers/app.js';
import { KNOWN_ROLES } from '../../src/server/auth/permissions-seed.js';
import { ROUTE_ABILITIES } from '../../src/server/auth/route-abilities.js';
import { routeAllows, samplePath } from '../../src/server/auth/route-rows.js';
import { evaluatePermissions, offAllowedList } from '../../src/server/plugins/authz.js';
import { permissionsForRole, type PermissionRow } from '../../src/server/db/queries/permissions.js';

let t: TestApp;
const rows = new Map<string, PermissionRow[]>();
beforeAll(async () => {
  t = await testApp();
  for (const role of KNOWN_ROLES) rows.set(role, await permissionsForRole(t.db.kysely, role));
});
afterAll(async () => { await t?.close(); });

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const adminRoutes = () => t.app.routeList.filter((r) => /^\/api\/v2\/[^/]+\/admin\//.test(r.url));

describe('the permission rows and the abilities', () => {
  it('the route table lists every registered admin route and no other', () => {
    const registered = adminRoutes().map(key).sort();
    expect(ROUTE_ABILITIES.map(key).sort()).toEqual(registered);
  });

  it('give the same answer for every admin route and role', () => {
    const allowedRoles = t.app.deps.config.allowedRoles;
    const disagree: string[] = [];
    let checked = 0;
    for (const route of ROUTE_ABILITIES) {
      const path = `/${samplePath(route.url)}`;
      for (const role of KNOWN_ROLES) {
        const gateway = !offAllowedList(path, role, allowedRoles) && evaluatePermissions(rows.get(role)!, route.method, path).allowed;
        const abilities = routeAllows(role, route, allowedRoles);
        checked++;
        if (gateway !== abilities) {
          const needs = route.needs.map((n) => `${n.action} ${n.subject}${n.fields ? `[${n.fields.join(',')}]` : ''}`).join(' + ') || 'staff';
          disagree.push(`${role} ${route.method} ${path}: the rows ${gateway ? 'accept' : 'refuse'}, the abilities (${needs}) ${abilities ? 'allow' : 'refuse'}`);
        }
      }
    }
    expect(disagree).toEqual([]);
    expect(checked).toBe(ROUTE_ABILITIES.length * KNOWN_ROLES.length);
  });
});
