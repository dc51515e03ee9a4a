/**
 * The derivation of permission rows from routes (route-rows.ts) on made-up route tables: Barong's rows
 * are path prefixes, so a row meant for one route also reaches its longer siblings (`orders` of
 * `orders_history`) and everything behind a parameter. The rows must accept exactly the routes the
 * role's abilities allow, under any parameter value that is no static sibling's name; where prefixes
 * cannot tell two routes apart they accept (the handler still refuses).
 */
import { describe, expect, it } from 'vitest';
import { routeAllows, routeRows, samplePath, type RouteAbilities, type RouteNeed } from '../../src/server/auth/route-rows.js';
import { evaluatePermissions } from '../../src/server/plugins/authz.js';

const ROLE = 'support';
const ALLOWED_ROLES = [ROLE];
// Support cancels orders (update Order) and may not change markets.
const YES: RouteNeed = { action: 'update', subject: 'Order', service: 'peatio' };
const NO: RouteNeed = { action: 'update', subject: 'Market', service: 'peatio' };
const P = '/api/v2/peatio/admin';
const route = (method: string, url: string, need: RouteNeed): RouteAbilities => ({ method, url: `${P}/${url}`, needs: [need] });

/** Every route where the rows and the abilities disagree, each parameter filled with `1` and with a uid. */
function disagreements(table: RouteAbilities[]): string[] {
  const rows = routeRows(ROLE, table).map((r) => ({ verb: r.verb.toUpperCase(), path: r.path, action: r.action.toUpperCase(), topic: null }));
  const out: string[] = [];
  for (const r of table) {
    for (const path of [`/${samplePath(r.url)}`, r.url.replace(/:[^/]+/g, 'ID0123456789')]) {
      if (evaluatePermissions(rows, r.method, path).allowed !== routeAllows(ROLE, r, ALLOWED_ROLES)) out.push(`${r.method} ${path}`);
    }
  }
  return out;
}

describe('routeRows', () => {
  it('rests on a role that holds one need and not the other', () => {
    expect(routeAllows(ROLE, route('POST', 'x', YES), ALLOWED_ROLES)).toBe(true);
    expect(routeAllows(ROLE, route('POST', 'x', NO), ALLOWED_ROLES)).toBe(false);
  });

  it('accepts a route and refuses its longer sibling the same prefix reaches', () => {
    const table = [route('POST', 'orders', YES), route('POST', 'orders/:id/cancel', YES), route('POST', 'orders_history', NO), route('POST', 'markets', NO)];
    expect(disagreements(table)).toEqual([]);
  });

  it('accepts a whole area in one row, and carves refused routes out of an accepted prefix', () => {
    const table = [
      route('POST', 'orders/cancel', YES), route('POST', 'orders/:id/cancel', YES),
      route('POST', 'trades', YES), route('POST', 'trades/:id', YES), route('POST', 'trades/update', NO), route('POST', 'trades/x/y', NO),
      route('GET', 'trades', NO), route('DELETE', 'trades/:id', YES),
    ];
    expect(disagreements(table)).toEqual([]);
    const rows = routeRows(ROLE, table);
    expect(rows).toContainEqual({ verb: 'post', path: 'api/v2/peatio/admin/orders', action: 'accept' });
    expect(rows).toContainEqual({ verb: 'post', path: 'api/v2/peatio/admin/trades/update', action: 'drop' });
    expect(rows.filter((r) => r.verb === 'get')).toEqual([]);
  });

  it('reaches a parameter only through its parent, and solves the static siblings below it', () => {
    const allowedBehind = [route('GET', 'users/:uid', YES), route('GET', 'users/labels', NO), route('GET', 'users/documents/pending', YES)];
    const refusedBehind = [route('GET', 'users/:uid', NO), route('GET', 'users/labels', YES), route('GET', 'users/documents', NO)];
    expect(disagreements(allowedBehind)).toEqual([]);
    expect(disagreements(refusedBehind)).toEqual([]);
  });

  it('leans to accepting where no prefix splits two routes (routes behind one parameter that disagree)', () => {
    const table = [route('POST', 'items/:id/cancel', YES), route('POST', 'items/:id/delete', NO)];
    expect(disagreements(table)).toEqual([`POST ${P}/items/1/delete`, `POST ${P}/items/ID0123456789/delete`]);
  });
});
