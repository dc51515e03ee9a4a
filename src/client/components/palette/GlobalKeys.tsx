/**
 * Runs command shortcuts from anywhere in the signed-in console (the `?` sheet lists the same ones), and
 * gives every native select the console's type-ahead (components/form/type-ahead.ts) before either, and
 * keeps the focus off <body> when what held it goes (keyboard/focus-keeper.ts).
 *
 * The commands (9.5 KB gzip) are not part of the first screen: they load with the first key a shortcut
 * may take (or with the palette, which shares them). The keys pressed while they load are kept and run in
 * order once they are there, as the palette keeps the text typed while it loads (issue 29 items 1, 20); a
 * key meant for what an earlier one focuses (`j` then Enter) reaches it (keyboard/hand-on.ts, which loads
 * with the commands: the list route's first load is at its budget). Once the first screen is in and the
 * browser idle, they are fetched ahead of that key (warm.ts).
 */
import { useEffect } from 'react';
import { createKeyDispatcher, forShortcuts } from '../../keyboard/dispatcher';
import { selectTypeAhead } from '../form/type-ahead';
import { installFocusKeeper } from '../../keyboard/focus-keeper';
import { useCommandContext } from './use-command-context';
import { warmPaletteWhenIdle } from './warm';

/** Where the commands come from: an object, so a test can hold the load back (a slow network). */
export const commandsCode = { load: () => import('./use-commands') };

export function GlobalKeys() {
  const context = useCommandContext();
  useEffect(() => {
    let dispatch: ((e: KeyboardEvent) => void) | null = null;
    /** The keys waiting for the commands; null while nothing loads them. */
    let waiting: KeyboardEvent[] | null = null;
    let mounted = true;
    const onKey = (e: KeyboardEvent) => {
      if (dispatch) return dispatch(e);
      // Kept as they are: a key the commands turn out not to take keeps what the browser did with it.
      if (!forShortcuts(e)) return;
      if (waiting) return void waiting.push(e);
      waiting = [e];
      commandsCode.load().then(({ commandList, handOn }) => {
        if (!mounted) return;
        const list = commandList();
        let ctx = context();
        const run = createKeyDispatcher(() => list.shortcuts((ctx = context())), (c) => c.run(ctx));
        dispatch = run;
        // Each as it was pressed: its target, its modifiers, whether a handler before this one took it.
        const keys = waiting ?? [];
        waiting = null;
        keys.forEach((key, i) => {
          run(key);
          if (i > 0 && !key.defaultPrevented) handOn(key);
        });
      }, () => {
        waiting = null; // Offline for a moment: the next key tries again.
      });
    };
    document.addEventListener('keydown', onKey);
    return () => {
      mounted = false;
      document.removeEventListener('keydown', onKey);
    };
  }, [context]);
  useEffect(() => warmPaletteWhenIdle(), []);
  useEffect(() => installFocusKeeper(), []);
  useEffect(() => {
    document.addEventListener('keydown', selectTypeAhead, true);
    return () => document.removeEventListener('keydown', selectTypeAhead, true);
  }, []);
  return null;
}
