/**
 * "Go to <screen>" for every route of this build the user may open, derived from the routes table, with
 * go-to sequences (`g d` dashboard, `g p` permissions, ...). Ids come from the resource name where the
 * route belongs to one (`nav.permissions`), else from the path (`nav.dashboard`).
 */
import { listedResources } from '../src/client/resource-ui/presentation';
import type { Command } from './types';

export interface NavRoute { path: string; title: string }

/** Second key after `g`, per route path; routes not built yet simply produce no command. */
const GO_TO: Readonly<Record<string, string>> = {
  '/dashboard': 'd',
  '/user-directory': 'u',
  '/setting-permissions': 'p',
  '/faqs': 'f',
  '/faq-category': 'c',
  '/email-type': 'e',
  '/currencies': 'y',
  '/markets': 'm',
  '/orders': 'o',
  '/trades': 't',
  '/admin-activities': 'a',
  '/service-logs': 'l',
};

function idFor(path: string): string {
  const seg = path.replace(/^\//, '');
  return `nav.${listedResources().find((r) => r.route === seg)?.name ?? seg}`;
}

export function navigationCommands(routes: readonly NavRoute[]): Command[] {
  return routes
    .filter((r) => !r.path.includes(':'))
    .map((r): Command => {
      const key = GO_TO[r.path];
      const resource = listedResources().find((x) => `/${x.route}` === r.path);
      return {
        id: idFor(r.path),
        title: `Go to ${r.title}`,
        group: 'Navigation',
        keywords: [r.path.slice(1), ...(resource ? [resource.label, resource.name] : [])],
        shortcut: key ? ['g', key] : undefined,
        can: (ctx) => ctx.canOpen(r.path, 'list'),
        run: (ctx) => ctx.navigate(r.path),
      };
    });
}
