/**
 * Runs command shortcuts from anywhere in the signed-in console (the `?` sheet lists the same ones), and
 * gives every native select the console's type-ahead (components/form/type-ahead.ts) before either.
 */
import { useEffect } from 'react';
import { createKeyDispatcher } from '../../keyboard/dispatcher';
import { selectTypeAhead } from '../form/type-ahead';
import { useCommandSource } from './use-commands';

export function GlobalKeys() {
  const source = useCommandSource();
  useEffect(() => {
    let ctx = source.context();
    const onKey = createKeyDispatcher(() => source.commands((ctx = source.context())), (c) => c.run(ctx));
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [source]);
  useEffect(() => {
    document.addEventListener('keydown', selectTypeAhead, true);
    return () => document.removeEventListener('keydown', selectTypeAhead, true);
  }, []);
  return null;
}
