/**
 * Commands found by a lookup of the typed text (rows by name or code: to open, or with their toggles): at the top level the
 * commands' own finder, on an input page that page's `suggest`; and users by name or e-mail prefix
 * (useFoundUsers). Asked once the typing pauses; an answer for text that has since changed is dropped.
 * Text no finder wants costs no call and no render.
 */
import { useEffect, useState } from 'react';
import { findRows, findUsersByName, rowsWanted, usersWanted, type Command, type CommandContext, type Found } from '../../../../commands';

/** Pause after the last key before the lookup (one call per name, not per letter). */
const PAUSE_MS = 200;

export interface FoundState { items: readonly Found[]; loading: boolean }

const NOTHING: FoundState = { items: [], loading: false };
const LOOKING: FoundState = { items: [], loading: true };

/** The answer of `ask` for `key` (the text and whatever else it depends on), asked PAUSE_MS after the key last changed. */
function useLookup(key: string, wanted: boolean, ctx: CommandContext, ask: () => Promise<readonly Found[]> | null): FoundState {
  const [answer, setAnswer] = useState<FoundState & { key: string }>({ ...NOTHING, key: '' });
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      void (ask() ?? Promise.resolve([])).catch(() => []).then((items) => { if (live) setAnswer({ items, loading: false, key }); });
    }, PAUSE_MS);
    return () => { live = false; clearTimeout(timer); };
    // The key and the context stand for everything `ask` reads.
  }, [key, wanted, ctx]);
  if (!wanted) return NOTHING;
  return answer.key === key ? answer : LOOKING;
}

export function useFound(search: string, ctx: CommandContext, page: Command | null): FoundState {
  const suggest = page?.page?.kind === 'input' ? page.page.suggest : undefined;
  const wanted = page ? !!suggest && search.trim() !== '' : rowsWanted(search);
  return useLookup(`${page?.id ?? ''}\n${search}`, wanted, ctx, () => (suggest ? suggest(search, ctx) : findRows(search, ctx)));
}

/** Users whose name, e-mail or username starts with the text, at the top level only. */
export function useFoundUsers(search: string, ctx: CommandContext, page: Command | null): FoundState {
  return useLookup(`users\n${search}`, !page && usersWanted(search, ctx), ctx, () => findUsersByName(search));
}
