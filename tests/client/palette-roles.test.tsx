/**
 * The palette offers a page only when the route guard lets the role open it: for every seeded role with
 * the abilities the server publishes for it, and every route, "Go to …" is offered iff the guard admits
 * the role (support and compliance used to be offered the FCM push form, which needs 'edit', and bounce).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { ref } from 'valtio';
import { matchRoute, Router, useLocation, useRouter } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { RouteGuard } from '../../src/client/access';
import { browser } from '../../src/client/browser';
import { useCommandSource } from '../../src/client/components/palette/use-commands';
import { accessKind, routes } from '../../src/client/routes';
import { newPath, listedResources } from '../../src/client/resource-ui/presentation';
import { goToTitle } from '../../commands/navigation';
import { clearSession, session } from '../../src/client/state/session';
import { buildAbility } from '../../src/shared/abilities';
import { staffUser } from './support/fixtures';
import { seedAbilities, STAFF_ROLES } from './support/seed-abilities';
import type { CurrentUser } from '../../src/client/api';

beforeEach(() => { vi.spyOn(browser, 'back').mockImplementation(() => undefined); });
afterEach(() => { vi.restoreAllMocks(); clearSession(); });

function signInAs(role: string) {
  const { barong, peatio } = seedAbilities(role);
  session.user = staffUser({ role }) as unknown as CurrentUser;
  session.ability = ref(buildAbility(barong, peatio));
  session.status = 'authenticated';
}

function at(path: string, children: React.ReactNode) {
  const { hook, searchHook } = memoryLocation({ path });
  return <Router hook={hook} searchHook={searchHook}>{children}</Router>;
}

/** The titles the palette offers on the dashboard. */
function offered(): string[] {
  let titles: string[] = [];
  function Probe() {
    titles = useCommandSource().commands().map((c) => c.title);
    return null;
  }
  render(at('/dashboard', <Probe />));
  cleanup();
  return titles;
}

/** The signed-in area's guard for a path, matched the way signed-in.tsx matches it. */
function Guarded() {
  const [path] = useLocation();
  const { parser } = useRouter();
  const hit = routes.map((route) => ({ route, m: matchRoute(parser, route.path, path) })).find((x) => x.m[0]);
  if (!hit) return null;
  return <RouteGuard kind={accessKind(hit.route, (hit.m[1] ?? {}) as Record<string, string>)}><i data-testid="admitted" /></RouteGuard>;
}

function guardAdmits(path: string): boolean {
  const { container } = render(at(path, <Guarded />));
  const admitted = container.querySelector('[data-testid="admitted"]') !== null;
  cleanup();
  return admitted;
}

const pages = routes.filter((r) => !r.path.includes(':'));

describe('the palette offers what the route guard admits', () => {
  it.each(STAFF_ROLES)('%s: "Go to …" for exactly the routes the guard opens', (role) => {
    signInAs(role);
    const titles = offered();
    const mismatches = pages.flatMap((r) => {
      const goTo = titles.includes(goToTitle(r));
      const admits = guardAdmits(r.path);
      return goTo === admits ? [] : [`${r.path}: palette ${goTo}, guard ${admits}`];
    });
    expect(mismatches).toEqual([]);
  });

  it.each(STAFF_ROLES)('%s: "New …" only where the guard opens the form', (role) => {
    signInAs(role);
    const titles = offered();
    const refused = listedResources()
      .filter((r) => titles.includes(`New ${r.label}`) && !guardAdmits(newPath(r)))
      .map((r) => newPath(r));
    expect(refused).toEqual([]);
  });

  it('support is not offered the FCM push form it cannot send', () => {
    signInAs('support');
    expect(offered()).not.toContain('Go to FCM Notification');
    expect(guardAdmits('/fcm-notification')).toBe(false);
  });
});
