/**
 * The record on screen (issue 29 item 6): a page that shows one record publishes it here — the user
 * page its user, a row's own page (form or view, `useRow`) its row — and a palette command whose argument
 * is a record of that type takes it as the default ("Cancel open orders of user…" on a user's page, the
 * chain of "Scan block N on <chain>…" on a blockchain's page). The page withdraws it when it goes.
 */
import { useEffect } from 'react';
import { proxy, ref } from 'valtio';

/** A record by its resource name (`users`, `blockchains`), its key as its page names it, and its fields. */
export interface OnScreen { type: string; id: string; row: Readonly<Record<string, unknown>> }

export const onScreen = proxy<{ record: OnScreen | null }>({ record: null });

/** Publishes the record while the calling page shows it (nothing until `row` is there). */
export function useOnScreen(type: string, id: string | null, row: Readonly<Record<string, unknown>> | null): void {
  useEffect(() => {
    if (id === null || !row) return undefined;
    // ref: the row is read, never watched field by field.
    const mine = ref({ type, id, row });
    onScreen.record = mine;
    // Only its own: the next page may have published already (effects of the new page run before this clean-up ends).
    return () => { if (onScreen.record === mine) onScreen.record = null; };
  }, [type, id, row]);
}
