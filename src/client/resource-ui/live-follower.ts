/**
 * The state machine behind a live list (use-live-rows.ts), kept outside React: what the view has seen,
 * whether that is the newest row there is (the baseline), the last background count, and the throttle.
 * The hook feeds it the list's latest inputs on every render and the stream's events as they come.
 */
import type { RefObject } from 'react';
import { LIMITS, maxOffsetPage, pageCount, toRequestQuery, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources/define';
import { listRows, type Row } from '../api/resources';
import { realtime } from '../api/realtime';
import type { GridController } from '../components/grid/DataGrid';
import type { ListData } from './use-list-data';

/** Events within this window make one fetch; fetches are at least a second apart. */
const COALESCE_MS = 250;
const MIN_INTERVAL_MS = 1000;
/** How far the background count looks: past it, the button says "100+". */
const HEAD_ROWS = 100;

const idOf = (r: Resource, row: Row): number => Number(row[r.key]);

/** Where new rows land relative to the page on screen. */
function placement(r: Resource, s: ListState, atEnd: boolean, shown: number): 'top' | 'end' | 'elsewhere' {
  if (s.orderBy !== r.key || s.cursor) return 'elsewhere';
  if (s.ordering === 'desc') return s.page === 1 ? 'top' : 'elsewhere';
  return atEnd && shown < s.limit ? 'end' : 'elsewhere';
}

/** Whether the page on screen holds the newest row the filters match (so its newest id is the newest there is). */
function holdsNewest(r: Resource, s: ListState, atEnd: boolean): boolean {
  return s.orderBy === r.key && !s.cursor && ((s.ordering === 'desc' && s.page === 1) || (s.ordering === 'asc' && atEnd));
}

/** What the follower reads of the list, refreshed on every render. */
export interface FollowerInputs {
  state: ListState;
  /** Parameters every request of the list carries (a scope, the queue's fixed state). */
  fixed?: Readonly<Record<string, string>>;
  data: ListData;
  /** No page follows the one on screen. */
  atEnd: boolean;
  /** Opens a list state (the URL's) and loads it, even when it is the state on screen. */
  go(patch: Partial<ListState>): void;
  /** The set of rows the view covers (filters and fixed parameters), as a string. */
  scope: string;
}

export type Count = { fresh: number; more: boolean };

/** The follower of one list: plain state outside React, fed by the hook below with the list's latest inputs. */
export class Follower {
  /** The newest id the view has seen, and whether it is the newest the server had (the baseline). */
  seen = 0;
  known = false;
  loaded = false;
  asking = false;
  /** Ids of the last background count, newest first. */
  head: number[] = [];
  timer: ReturnType<typeof setTimeout> | undefined;
  last = 0;
  /** After "N new rows": focus the first row above this id once its page is loaded. */
  focusAbove: number | null = null;
  inputs!: FollowerInputs;

  constructor(private r: Resource, private grid: RefObject<GridController | null>, private publish: (c: Count) => void) {}

  reset(): void {
    Object.assign(this, { seen: 0, known: false, loaded: false, asking: false, head: [], focusAbove: null });
    this.recount();
  }

  private recount(): void {
    const fresh = this.head.filter((id) => id > this.seen).length;
    this.publish({ fresh, more: fresh >= HEAD_ROWS && fresh === this.head.length });
  }

  /** The newest rows matching the list's filters, newest first. */
  private newest(limit: number) {
    const { state, fixed } = this.inputs;
    const q = toRequestQuery({ ...state, page: 1, cursor: undefined, limit, ordering: 'desc', orderBy: this.r.key }, this.r.service);
    return listRows(this.r, { ...q, ...fixed });
  }

  private ids(rows: readonly Row[]): number[] {
    return rows.map((row) => idOf(this.r, row)).filter(Number.isFinite);
  }

  /** Each page loaded: its ids are seen; a page that holds the newest row sets the baseline. */
  pageLoaded(live: boolean): void {
    const { data, state, atEnd } = this.inputs;
    this.seen = Math.max(this.seen, ...this.ids(data.rows));
    this.loaded = true;
    if (holdsNewest(this.r, state, atEnd)) this.known = true;
    this.recount();
    if (live && realtime.status === 'open') this.askBaseline();
    if (this.focusAbove !== null) {
      const above = this.focusAbove;
      this.focusAbove = null;
      const first = data.rows.find((row) => idOf(this.r, row) > above) ?? data.rows[0];
      if (first) focusWhenDrawn(this.grid, String(first[this.r.key]));
    }
  }

  /** A deep page does not know the newest id: asked once the stream is live (events before it cannot be told apart). */
  askBaseline(): void {
    if (this.known || this.asking || !this.loaded) return;
    this.asking = true;
    const scope = this.inputs.scope;
    this.newest(1).then((res) => {
      if (scope !== this.inputs.scope) return;
      this.seen = Math.max(this.seen, ...this.ids(res.rows));
      this.known = true;
    }).catch(() => { this.asking = false; });
  }

  onEvent(payload: unknown): void {
    if (!payload || typeof payload !== 'object') return;
    const row = payload as Row;
    const id = idOf(this.r, row);
    if (!Number.isSafeInteger(id)) return;
    const { data } = this.inputs;
    if (data.rows.some((x) => idOf(this.r, x) === id)) data.patchRow(row);
    else if (id > this.seen || !this.known) this.schedule();
  }

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => void this.check(), Math.max(COALESCE_MS, this.last + MIN_INTERVAL_MS - Date.now()));
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private async check(): Promise<void> {
    this.timer = undefined;
    const { state, data, atEnd, scope } = this.inputs;
    // A load under way may predate the event: look again once it is done.
    if (data.loading) { this.schedule(); return; }
    this.last = Date.now();
    const where = placement(this.r, state, atEnd, data.rows.length);
    if (where === 'end' || (where === 'top' && (this.grid.current?.atTop() ?? true))) { data.reload(); return; }
    // No baseline yet: count once it has come (asked again if it failed).
    if (!this.known) { if (this.asking) this.schedule(); else this.askBaseline(); return; }
    // Already "100+": counting again would say the same until the user looks.
    if (this.head.filter((id) => id > this.seen).length >= HEAD_ROWS) return;
    try {
      const res = await this.newest(Math.min(HEAD_ROWS, LIMITS[this.r.service].max));
      if (scope !== this.inputs.scope) return;
      this.head = this.ids(res.rows);
      this.recount();
    } catch {
      // A count is a hint; the next event tries again.
    }
  }

  /** Opens where the new rows are: the last page oldest first (while offsets reach it), else page 1 newest first. */
  show(): void {
    const { state, data, go } = this.inputs;
    const fresh = this.head.filter((id) => id > this.seen).length;
    this.focusAbove = this.seen;
    this.head = [];
    this.recount();
    if (state.orderBy === this.r.key && state.ordering === 'asc' && data.total !== null && data.totalKind === 'exact') {
      const last = pageCount(data.total + fresh, state.limit);
      if (last <= maxOffsetPage(state.limit)) { go({ page: last, cursor: undefined }); return; }
    }
    go({ page: 1, cursor: undefined, orderBy: this.r.key, ordering: 'desc' });
  }
}

/** AG Grid draws new rows a frame or more later: try each frame, for two seconds at most. */
function focusWhenDrawn(grid: RefObject<GridController | null>, id: string): void {
  let frames = 0;
  const attempt = () => {
    if (grid.current?.focusRow(id) || ++frames > 120) return;
    requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
