/**
 * The command context built from the app's stores at the moment it is needed (a key press, the palette
 * opening), and the commands that context allows. Read lazily because the list on screen registers
 * itself after the palette has rendered; useCommandsVersion tells an open palette when to read again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchRoute, useLocation, useRouter, useSearch } from 'wouter';
import { subscribe, useSnapshot } from 'valtio';
import { allCommands, availableCommands, blockedCommands, COMMAND_STORES, viewCommands, type Command, type CommandContext } from '../../../../commands';
import { savedViews } from '../../state/saved-views';
import { canAccessRoute, type AppAbility } from '../../../shared/abilities';
import { activeList, onActiveListChange } from '../../keyboard/active-list';
import { accessKind, routes } from '../../routes';
import { openShortcuts } from '../../state/palette';
import { logout, session } from '../../state/session';
import { setLocalZone, toggleTheme, toggleTimeMode } from '../../state/ui';
import { userPathFor } from '../../state/user-detail';
import { onScreen } from '../../state/on-screen';

export interface CommandSource {
  context(): CommandContext;
  commands(ctx?: CommandContext): Command[];
  /** Commands shown disabled, with the ability the role lacks. */
  blocked(ctx: CommandContext): Array<{ command: Command; reason: string }>;
}

export function useCommandSource(): CommandSource {
  const { ability, user } = useSnapshot(session);
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const all = useMemo(() => allCommands(routes), []);
  // Refs so the key handler, attached once, always sees the current values.
  const live = useRef({ ability: ability as AppAbility, role: user?.role ?? '', uid: user?.uid ?? '', location: path, navigate });
  live.current = { ability: ability as AppAbility, role: user?.role ?? '', uid: user?.uid ?? '', location: search ? `${path}?${search}` : path, navigate };

  const context = useCallback((): CommandContext => {
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
        for (const r of routes) {
          const [ok, params] = matchRoute(parser, r.path, pathname);
          if (ok) return canAccessRoute(a, pathname, accessKind(r, (params ?? {}) as Record<string, string | undefined>));
        }
        return false;
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

  // Saved views are the staff member's data, not the build's: their commands are made as they are read.
  const commands = useCallback((ctx?: CommandContext) => availableCommands([...all, ...viewCommands(savedViews.views)], ctx ?? context()), [all, context]);
  const blocked = useCallback((ctx: CommandContext) => blockedCommands(all, ctx), [all]);
  return useMemo(() => ({ context, commands, blocked }), [context, commands, blocked]);
}

/**
 * Changes whenever what the commands see changes while something shows them: the location, the list on
 * screen, and the stores their `can` checks read (a user page that finishes loading adds its commands).
 */
export function useCommandsVersion(): string {
  const [path] = useLocation();
  const search = useSearch();
  const [n, setN] = useState(0);
  useEffect(() => {
    const bump = () => setN((x) => x + 1);
    const offs = [onActiveListChange(bump), ...COMMAND_STORES.map((s) => subscribe(s, bump))];
    return () => offs.forEach((off) => off());
  }, []);
  return `${path}?${search}#${n}`;
}
