/**
 * The signed-in routes: path → lazily loaded screen + how the guard checks it. Screens are lazy so
 * the sign-in page loads no grid code. The resource engine adds its list/detail routes by appending
 * to `routes` (keep specific paths before catch-alls; wouter's Switch takes the first match).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoute, type Parser } from 'wouter';
import type { RouteKind } from '../shared/abilities';
import { resourceRoutes } from './resource-ui/routes';

export interface ScreenProps {
  /** Path parameters, e.g. `{ code: 'btc' }` for /currencies/:code. */
  params: Record<string, string | undefined>;
}

export interface AppRoute {
  /** wouter pattern, e.g. '/currencies/:code'. */
  path: string;
  /** Shown in the header and the document title. */
  title: string;
  screen: LazyExoticComponent<ComponentType<ScreenProps>>;
  /**
   * How the guard checks the page against the route's subjects (shared/abilities ROUTE_SUBJECTS):
   * 'list' needs read/update/manage, 'edit' update, 'add' manage. 'detail' means 'add' when the
   * `idParam` is the literal 'add' (spec: "/currencies/{code} (code may be add)"), else 'edit'; 'view'
   * means 'add' for the literal 'add', else 'list' (a read-only row page whose route also creates).
   */
  access: RouteKind | 'detail' | 'view';
  idParam?: string;
}

export const routes: AppRoute[] = [
  {
    path: '/dashboard',
    title: 'Dashboard',
    access: 'list',
    screen: lazy(() => import('./screens/dashboard/DashboardPage')),
  },
  {
    // Subject ServiceLog (shared/abilities ROUTE_SUBJECTS), read like the service-log list.
    path: '/servicegraph',
    title: 'Service Logs Graph',
    access: 'list',
    screen: lazy(() => import('./screens/service-graph/ServiceGraphPage')),
  },
  // Before the registry's routes: `/user-directory/:id` would otherwise match a generic form page.
  // 'list' access: support and other read-only roles open the detail; controls are disabled per ability.
  {
    // Sending needs update Device (spec §6: fcm-notification → Device), hence edit access.
    path: '/fcm-notification',
    title: 'FCM Notification',
    access: 'edit',
    screen: lazy(() => import('./screens/notifications/FcmNotificationPage')),
  },
  {
    path: '/recipients/:id',
    title: 'Notification recipients',
    access: 'list',
    screen: lazy(() => import('./screens/notifications/RecipientsPage')),
  },
  {
    path: '/user-directory/:uid',
    title: 'User',
    access: 'list',
    screen: lazy(() => import('./screens/users/UserDetailPage')),
  },
  // Lists and forms of every registry resource (permissions, email types, FAQ, FAQ categories, ...).
  ...resourceRoutes(),
];

/** The guard's kind for a matched route. */
export function accessKind(route: AppRoute, params: Record<string, string | undefined>): RouteKind {
  if (route.access !== 'detail' && route.access !== 'view') return route.access;
  if (params[route.idParam ?? 'id'] === 'add') return 'add';
  return route.access === 'view' ? 'list' : 'edit';
}

/** The screen registered at exactly this path: the sidebar never links to a page that does not exist. */
export function screenAt(href: string): AppRoute | undefined {
  return routes.find((r) => r.path === href);
}

/** Each router parser's patterns, parsed once: the table has ~130 routes, matched on every render of the area and for every command the palette weighs. */
const parsedBy = new WeakMap<Parser, Parser>();
function kept(parser: Parser): Parser {
  let k = parsedBy.get(parser);
  if (!k) {
    const seen = new Map<string, ReturnType<Parser>>();
    k = (route, loose) => {
      const key = `${loose ? 1 : 0}${route}`;
      let p = seen.get(key);
      if (!p) seen.set(key, (p = parser(route, loose)));
      return p;
    };
    parsedBy.set(parser, k);
  }
  return k;
}

/** The route the guard applies to `pathname`: the first that matches, with its parameters. */
export function routeAt(parser: Parser, pathname: string): { route: AppRoute; params: Record<string, string | undefined> } | null {
  const parse = kept(parser);
  for (const route of routes) {
    const [ok, params] = matchRoute(parse, route.path, pathname);
    if (ok) return { route, params: (params ?? {}) as Record<string, string | undefined> };
  }
  return null;
}
