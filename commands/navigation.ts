/**
 * "Go to <screen>" for every route of this build the user may open, derived from the routes table, with
 * go-to sequences (`g d` dashboard, `g p` permissions, ...). Ids come from the resource name where the
 * route belongs to one (`nav.permissions`), else from the path (`nav.dashboard`).
 */
import { NAV_GROUPS } from '../src/client/components/layout/nav';
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

/**
 * What staff also call a screen, besides its sidebar name, page title and resource names: the palette
 * ranks these as the screen's names (rank.ts), so `kyc` opens the applications waiting for review.
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  '/pending-applications': ['kyc', 'kyc applications', 'verification', 'documents'],
  '/withdrawls': ['withdraw', 'payouts'],
  '/withdrawl-pending': ['withdraw pending'],
  '/user-directory': ['customers', 'members'],
};

/**
 * The sidebar's name for a path ('User Directory'), which staff know the screen by; else the page title.
 * A name the sidebar gives two screens (Service Logs under Analytics and Logs) keeps their page titles.
 */
const SIDEBAR_ITEMS = NAV_GROUPS.flatMap((g) => g.items);
const SIDEBAR_LABEL: ReadonlyMap<string, string> = new Map(SIDEBAR_ITEMS
  .filter((i) => SIDEBAR_ITEMS.filter((j) => j.label === i.label).length === 1)
  .map((i) => [i.href, i.label] as const));

/** The palette title of a route's "Go to" command. */
export function goToTitle(r: NavRoute): string {
  return `Go to ${SIDEBAR_LABEL.get(r.path) ?? r.title}`;
}

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
      const name = SIDEBAR_LABEL.get(r.path) ?? r.title;
      return {
        id: idFor(r.path),
        title: goToTitle(r),
        group: 'Navigation',
        keywords: [r.path.slice(1), r.title, ...(resource ? [resource.label, resource.name] : [])],
        // The screen by what it shows: its name, its page title, its rows (plural and singular), aliases.
        names: [...new Set([name, r.title, ...(resource ? [resource.labelPlural, resource.label, resource.name.replace(/-/g, ' ')] : []), ...(ALIASES[r.path] ?? [])])],
        shortcut: key ? ['g', key] : undefined,
        // The route's own kind, as its guard checks it: a send form (FCM) needs 'edit', not 'list'.
        can: (ctx) => ctx.canOpen(r.path),
        run: (ctx) => ctx.navigate(r.path),
      };
    });
}
