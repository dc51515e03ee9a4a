/**
 * The commands the current context allows (the context: use-command-context.ts). Loaded lazily, with
 * the palette or the first key the shell's shortcuts see (GlobalKeys), not with the first screen.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { subscribe } from 'valtio';
import { allCommands, availableCommands, blockedCommands, COMMAND_STORES, viewCommands, type Command, type CommandContext } from '../../../../commands';
import { savedViews } from '../../state/saved-views';
import { onActiveListChange } from '../../keyboard/active-list';
import { routes } from '../../routes';
import { useCommandContext } from './use-command-context';

/** GlobalKeys' replay of a key meant for what an earlier key focused: loaded with the commands. */
export { handOn } from '../../keyboard/hand-on';

export interface CommandSource {
  context(): CommandContext;
  commands(ctx?: CommandContext): Command[];
  /** Commands shown disabled, with the ability the role lacks. */
  blocked(ctx: CommandContext): Array<{ command: Command; reason: string }>;
}

/**
 * The commands a context allows, over every command of the routes table built once. Saved views are the
 * staff member's data, not the build's: their commands are made as they are read.
 */
export function commandList(): {
  commands(ctx: CommandContext): Command[];
  /** The commands with a shortcut the context allows: what a key is matched against (GlobalKeys). */
  shortcuts(ctx: CommandContext): Command[];
  blocked: CommandSource['blocked'];
} {
  const all = allCommands(routes);
  // Only these are asked whether the context allows them on a key: asking all ~200 (a route match for
  // each screen's) took ~5 ms of every j/k on a list.
  const keyed = (list: readonly Command[]) => list.filter((c) => c.shortcut && c.shortcutOwner !== 'elsewhere');
  const allKeyed = keyed(all);
  return {
    commands: (ctx) => availableCommands([...all, ...viewCommands(savedViews.views)], ctx),
    shortcuts: (ctx) => availableCommands([...allKeyed, ...keyed(viewCommands(savedViews.views))], ctx),
    blocked: (ctx) => blockedCommands(all, ctx),
  };
}

export function useCommandSource(): CommandSource {
  const context = useCommandContext();
  const list = useMemo(commandList, []);
  const commands = useCallback((ctx?: CommandContext) => list.commands(ctx ?? context()), [list, context]);
  return useMemo(() => ({ context, commands, blocked: list.blocked }), [context, commands, list]);
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
