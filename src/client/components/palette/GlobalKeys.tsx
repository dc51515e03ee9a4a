/**
 * Runs command shortcuts from anywhere in the signed-in console (the `?` sheet lists the same ones),
 * gives every native select the console's type-ahead (components/form/type-ahead.ts) before either, and
 * keeps the focus off <body> (keyboard/focus-keeper.ts).
 */
import { useEffect } from 'react';
import { createKeyDispatcher } from '../../keyboard/dispatcher';
import { selectTypeAhead } from '../form/type-ahead';
import { useCommandSource } from './use-commands';
import { installFocusKeeper } from '../../keyboard/focus-keeper';

export function GlobalKeys() {
  const source = useCommandSource();
  useEffect(() => {
    let ctx = source.context();
    const onKey = createKeyDispatcher(() => source.commands((ctx = source.context())), (c) => c.run(ctx));
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [source]);
  // The focus never falls to <body> (keyboard/focus-keeper.ts).
  useEffect(() => installFocusKeeper(), []);
  useEffect(() => {
    document.addEventListener('keydown', selectTypeAhead, true);
    return () => document.removeEventListener('keydown', selectTypeAhead, true);
  }, []);
  return null;
}
