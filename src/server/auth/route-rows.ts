/**
 * A staff role's default permission rows for the admin APIs, derived route by route from what each
 * route's handler asks for (the generated table route-abilities.ts) and the role's abilities
 * (abilities.ts), so the gateway lets a role reach exactly the admin routes its abilities allow: support
 * may POST the order-cancel paths, not every exchange write. The rows keep Barong's model — a verb and a
 * path prefix, DROP beats any ACCEPT — so the derivation finds, per verb, the fewest prefixes that
 * accept a role's routes and nothing else: a whole area (`ALL …/admin/markets`) where the role may make
 * every call under it, a route's path where not, and DROP rows for a refused route under an accepted
 * prefix. Parameters match no prefix of their own: a row reaching `users/:uid` reaches everything under
 * `users/`, so the routes under a parameter are decided together (see `solve`).
 */
import type { AbilityAction, AbilityService, Subject } from '../../shared/abilities.js';
import { roleCan } from './require-ability.js';
import { ROUTE_ABILITIES } from './route-abilities.js';

/**
 * One ability an admin route's handler asks for. `fields`: attributes the route always names (the
 * role change: `role`); `fieldsFromBody`: the body chooses them (PUT /admin/users, a generic update),
 * so any attribute of the subject lets the role past the gateway and the handler decides.
 */
export interface RouteNeed {
  action: AbilityAction; subject: Subject; service: AbilityService; fields?: readonly string[]; fieldsFromBody?: true;
}
/** An admin route (Fastify's method and url, parameters as `:name`) and every ability its handler asks for. */
export interface RouteAbilities { method: string; url: string; needs: readonly RouteNeed[] }

export interface RouteRow { verb: string; path: string; action: 'accept' | 'drop' }

/** Whether a role may make some call of the route: it holds every ability the handler asks for. */
export function routeAllows(role: string, route: RouteAbilities, allowedRoles: readonly string[]): boolean {
  return allowedRoles.includes(role) && route.needs.every((n) => roleCan(role, n.action, n.subject, n.service, allowedRoles, n.fields));
}

/** The path a row is matched against for a route: no leading slash, each parameter `1`. */
export const samplePath = (url: string) => url.replace(/^\/+/, '').replace(/:[^/]+/g, '1');

interface Route { method: string; path: string; pattern: string; allowed: boolean }
type State = 'none' | 'accepted';

/**
 * The rows for one verb's routes under `node` (a path of static segments), given what the rows above
 * already do there. Everything the node's prefix matches allowed → one ACCEPT (or nothing, if already
 * accepted); nothing allowed → nothing (or a DROP). Mixed: a route at the node itself decides the
 * node's own row; the routes behind a parameter child are reached only by the prefix `node/`, which
 * also covers the static children, so that prefix follows them and the static children are solved
 * below it. Where a split is impossible (a parameter's routes disagree, or a refused route sits above
 * allowed ones, since a DROP cannot be undone below) the rows lean to accepting: the handler still
 * refuses, and the test (tests/server/permission-layers.test.ts) names the route.
 */
function solve(routes: Route[], verb: string, node: string, state: State): RouteRow[] {
  const matched = routes.filter((r) => r.path.startsWith(node));
  const allowed = matched.some((r) => r.allowed);
  const refused = matched.some((r) => !r.allowed);
  if (!allowed) return state === 'none' ? [] : [{ verb, path: node, action: 'drop' }];
  if (!refused) return state === 'none' ? [{ verb, path: node, action: 'accept' }] : [];
  const rows: RouteRow[] = [];
  const exact = matched.find((r) => r.path === node);
  if (exact?.allowed && state === 'none') {
    rows.push({ verb, path: node, action: 'accept' });
    state = 'accepted';
    // That row is a prefix of longer siblings too (`orders` of `orders_history`), which the parent solves
    // as not accepted: carve the refused ones out here.
    const longer = matched.filter((r) => r.path !== node && !r.path.startsWith(`${node}/`));
    const names = new Set(longer.map((r) => r.path.slice(node.length).split('/')[0]!));
    for (const name of names) rows.push(...solve(longer, verb, `${node}${name}`, 'accepted'));
  }
  const below = matched.filter((r) => r.path.startsWith(`${node}/`));
  const behindParam = below.filter((r) => r.pattern.slice(node.length + 1).startsWith(':'));
  if (behindParam.length > 0) {
    const want: State = behindParam.some((r) => r.allowed) ? 'accepted' : 'none';
    const staticAllowed = below.some((r) => r.allowed && !behindParam.includes(r));
    if (want === 'accepted' && state === 'none') { rows.push({ verb, path: `${node}/`, action: 'accept' }); state = 'accepted'; }
    if (want === 'none' && state === 'accepted' && !staticAllowed) return [...rows, { verb, path: `${node}/`, action: 'drop' }];
  }
  const children = new Set(below.filter((r) => !behindParam.includes(r)).map((r) => r.path.slice(node.length + 1).split('/')[0]!));
  for (const child of children) rows.push(...solve(below, verb, `${node}/${child}`, state));
  return rows;
}

/**
 * A role's rows for every admin route of the table, verb by verb from each service's admin root. A
 * verb's rows stay that verb's (no ALL): a route added later under an accepted prefix with another verb
 * is refused at the gateway until the defaults are derived again, rather than let through.
 */
export function routeRows(role: string, table: readonly RouteAbilities[] = ROUTE_ABILITIES): RouteRow[] {
  // One list per role: the built abilities are cached per list.
  const asAllowed = [role];
  const routes: Route[] = table.map((r) => ({
    method: r.method, path: samplePath(r.url), pattern: r.url.replace(/^\/+/, ''), allowed: routeAllows(role, r, asAllowed),
  }));
  const roots = [...new Set(routes.map((r) => /^api\/v2\/[^/]+\/admin/.exec(r.path)![0]))];
  return [...new Set(routes.map((r) => r.method))].flatMap((verb) => {
    const own = routes.filter((r) => r.method === verb);
    return roots.flatMap((root) => solve(own, verb.toLowerCase(), root, 'none'));
  });
}
