/**
 * The command context built from the app's stores at the moment it is needed (a key press, the palette
 * opening, a page noted as recent). Apart from the commands themselves (use-commands.ts), which load with
 * the first key or palette: the shell needs the context from its first render (the recent-records
 * tracker asks it which pages the route guard opens), the commands' 9.5 KB gzip it does not (issue 29 item 20).
 */
import { useCallback, useRef } from 'react';
import { useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import type { CommandContext } from '../../../../commands/types';
import { canAccessRoute, type AppAbility } from '../../../shared/abilities';
import { activeList } from '../../keyboard/active-list';
import { accessKind, routeAt } from '../../routes';
import { openShortcuts } from '../../state/palette';
import { logout, session } from '../../state/session';
import { setLocalZone, toggleTheme, toggleTimeMode } from '../../state/ui';
import { userPathFor } from '../../state/user-detail';
import { onScreen } from '../../state/on-screen';

/** A stable function that builds the current context each time it is called. */
export function useCommandContext(): () => CommandContext {
  const { ability, user } = useSnapshot(session);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  // Refs so the key handler, attached once, always sees the current values.
  const live = useRef({ ability: ability as AppAbility, role: user?.role ?? '', uid: user?.uid ?? '', location: path, navigate });
  live.current = { ability: ability as AppAbility, role: user?.role ?? '', uid: user?.uid ?? '', location: search ? `${path}?${search}` : path, navigate };

  return useCallback((): CommandContext => {
    const { ability: a, role, uid, location, navigate: push } = live.current;
    // Going where the page already is adds no history entry: a command that opens a dialog of the page
    // it was run on ("Ban this user…" on that user) must leave Back pointing where the user came from.
    const go = (to: string) => { if (to !== window.location.pathname + window.location.search) push(to); };
    return {
      ability: a,
      role,
      uid,
      location,
      navigate: (to) => go(to),
      openUser: (term, fallback) => { void userPathFor(term, fallback).then((to) => go(to)); },
      // The route guard's rule (signed-in.tsx): the first matching route, checked as its own kind.
      canOpen: (to: string) => {
        const pathname = to.split(/[?#]/)[0];
        const m = routeAt(parser, pathname);
        return !!m && canAccessRoute(a, pathname, accessKind(m.route, m.params));
      },
      list: activeList(),
      record: onScreen.record,
      toggleTheme,
      toggleTimeMode,
      setTimeZone: (zone: string) => setLocalZone(zone || null),
      logout: () => { void logout(); },
      openShortcuts,
    };
  }, [parser]);
}
