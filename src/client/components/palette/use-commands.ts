/**
 * The command context built from the app's stores at the moment it is needed (a key press, the palette
 * opening), and the commands that context allows. Read lazily because the list on screen registers
 * itself after the palette has rendered.
 */
import { useCallback, useMemo, useRef } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { allCommands, availableCommands, type Command, type CommandContext } from '../../../../commands';
import { canAccessRoute, type AppAbility, type RouteKind } from '../../../shared/abilities';
import { activeList } from '../../keyboard/active-list';
import { accessKind, routes } from '../../routes';
import { openShortcuts } from '../../state/palette';
import { logout, session } from '../../state/session';
import { toggleTheme } from '../../state/ui';
import { userPathFor } from '../../state/user-detail';

export interface CommandSource {
  context(): CommandContext;
  commands(ctx?: CommandContext): Command[];
}

export function useCommandSource(): CommandSource {
  const { ability, user } = useSnapshot(session);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const all = useMemo(() => allCommands(routes), []);
  // Refs so the key handler, attached once, always sees the current values.
  const live = useRef({ ability: ability as AppAbility, role: user?.role ?? '', location: path, navigate });
  live.current = { ability: ability as AppAbility, role: user?.role ?? '', location: search ? `${path}?${search}` : path, navigate };

  const context = useCallback((): CommandContext => {
    const { ability: a, role, location, navigate: go } = live.current;
    return {
      ability: a,
      role,
      location,
      navigate: (to) => go(to),
      openUser: (term, fallback) => { void userPathFor(term, fallback).then((to) => go(to)); },
      canOpen: (to: string, kind?: RouteKind) => {
        const pathname = to.split(/[?#]/)[0];
        for (const r of routes) {
          const [ok, params] = matchRoute(parser, r.path, pathname);
          if (ok) return canAccessRoute(a, pathname, kind ?? accessKind(r, (params ?? {}) as Record<string, string | undefined>));
        }
        return false;
      },
      list: activeList(),
      toggleTheme,
      logout: () => { void logout(); },
      openShortcuts,
    };
  }, [parser]);

  const commands = useCallback((ctx?: CommandContext) => availableCommands(all, ctx ?? context()), [all, context]);
  return useMemo(() => ({ context, commands }), [context, commands]);
}
