/**
 * A list following its resource's row stream (LiveDecl.rows) while mounted. The rule is that a list never
 * moves under the user: a row on screen is updated in place; new rows are fetched onto the page only where
 * the list's order puts them there without moving anything the user looks at (page 1 newest first with the
 * user at rest at the top, or the last page oldest first with room left). Elsewhere the new rows are
 * counted, never shown, and "N new rows" opens where they are.
 *
 * Events are trusted to say only that something happened: which rows are new and match the filters is
 * the server's answer to the list's own query (ids above the newest the view has seen), fetched at most
 * once a second however fast events come.
 */
import { useCallback, useEffect, useMemo, useState, type RefObject } from 'react';
import type { ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources/define';
import { onReconnect, realtime, subscribe } from '../api/realtime';
import { useAbility } from '../access';
import type { GridController } from '../components/grid/DataGrid';
import { Follower, type Count } from './live-follower';
import type { ListData } from './use-list-data';

export interface LiveRowsInput {
  resource: Resource;
  state: ListState;
  /** Parameters every request of the list carries (a scope, the queue's fixed state). */
  fixed?: Readonly<Record<string, string>>;
  data: ListData;
  /** No page follows the one on screen. */
  atEnd: boolean;
  grid: RefObject<GridController | null>;
  /** Opens a list state (the URL's) and loads it, even when it is the state on screen. */
  go(patch: Partial<ListState>): void;
}

export interface LiveRows {
  /** New rows matching the filters that the page on screen does not show. */
  fresh: number;
  /** `fresh` is a floor: the background count looks at the newest 100 rows only. */
  more: boolean;
  /** Opens the page the new rows are on, and puts the row focus on the first of them. */
  showFresh(): void;
}

/** Follows the list's row stream while mounted, for users who may read its subject (the server checks the same). */
export function useLiveRows({ resource: r, state, fixed, data, atEnd, grid, go }: LiveRowsInput): LiveRows {
  const stream = r.live?.rows;
  const ability = useAbility();
  const live = !!stream && ability.can('read', r.subject);
  const [count, setCount] = useState<Count>({ fresh: 0, more: false });
  const follower = useMemo(() => new Follower(r, grid, (c) => setCount((p) => (p.fresh === c.fresh && p.more === c.more ? p : c))), [r, grid]);
  // The set of rows is the filters and fixed parameters; page, size and order only show it differently.
  const scope = JSON.stringify([state.filters, fixed ?? {}]);
  follower.inputs = { state, fixed, data, atEnd, go, scope };

  useEffect(() => { follower.reset(); }, [follower, scope]);
  // Rows of a new scope arrive after it, through a load: `loading` turns on before they come.
  useEffect(() => { if (!data.loading) follower.pageLoaded(live); }, [follower, data.rows, data.loading]);
  useEffect(() => {
    if (!stream || !live) return;
    let opened = realtime.status === 'open';
    const off = subscribe(stream, (payload) => follower.onEvent(payload));
    const offOpen = onReconnect(() => {
      // Back after a drop: events may have been missed, so look once.
      if (opened && follower.known) follower.schedule();
      opened = true;
      follower.askBaseline();
    });
    return () => { off(); offOpen(); follower.stop(); };
  }, [stream, live, follower]);

  const showFresh = useCallback(() => follower.show(), [follower]);
  return { ...count, showFresh };
}
