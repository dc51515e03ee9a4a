/**
 * Commands found by a lookup of the typed text (rows by name or code: to open, or with their toggles): at the top level the
 * commands' own finder, on an input page that page's `suggest`. Asked once the typing pauses; an answer
 * for text that has since changed is dropped. Text no finder wants costs no call and no render.
 */
import { useEffect, useState } from 'react';
import { findRows, rowsWanted, type Command, type CommandContext, type Found } from '../../../../commands';

/** Pause after the last key before the lookup (one call per name, not per letter). */
const PAUSE_MS = 200;

export interface FoundState { items: readonly Found[]; loading: boolean }

const NOTHING: FoundState = { items: [], loading: false };
const LOOKING: FoundState = { items: [], loading: true };

export function useFound(search: string, ctx: CommandContext, page: Command | null): FoundState {
  const [answer, setAnswer] = useState<FoundState & { key: string }>({ ...NOTHING, key: '' });
  const suggest = page?.page?.kind === 'input' ? page.page.suggest : undefined;
  const wanted = page ? !!suggest && search.trim() !== '' : rowsWanted(search);
  const key = `${page?.id ?? ''}\n${search}`;
  useEffect(() => {
    if (!wanted) return undefined;
    let live = true;
    const timer = setTimeout(() => {
      const pending = suggest ? suggest(search, ctx) : findRows(search, ctx);
      void (pending ?? Promise.resolve([])).catch(() => []).then((items) => { if (live) setAnswer({ items, loading: false, key }); });
    }, PAUSE_MS);
    return () => { live = false; clearTimeout(timer); };
    // The key stands for the page and the text; suggest and search change only with it.
  }, [key, wanted, ctx]);
  if (!wanted) return NOTHING;
  return answer.key === key ? answer : LOOKING;
}
