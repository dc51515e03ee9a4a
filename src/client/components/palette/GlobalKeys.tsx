/** Runs command shortcuts from anywhere in the signed-in console (the `?` sheet lists the same ones). */
import { useEffect } from 'react';
import { createKeyDispatcher } from '../../keyboard/dispatcher';
import { useCommandSource } from './use-commands';

export function GlobalKeys() {
  const source = useCommandSource();
  useEffect(() => {
    let ctx = source.context();
    const onKey = createKeyDispatcher(() => source.commands((ctx = source.context())), (c) => c.run(ctx));
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [source]);
  return null;
}
