/**
 * The palette's recent items, newest first, kept in localStorage so they survive a reload. An item is a
 * command id, or a jump with its path (jumps are generated from text and have no fixed command) and,
 * for a user looked up by e-mail or phone, the term, or for a row known by id, the lookup, so a replay
 * looks it up again.
 */
import { proxy, subscribe } from 'valtio';
import type { RowLookup } from '../../../commands/jump';

export interface RecentItem { id: string; title: string; path?: string; term?: string; lookup?: RowLookup }

const KEY = 'steward.palette.recent';
export const RECENT_MAX = 6;

function load(): RecentItem[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(raw) ? raw.filter((x) => x && typeof x.id === 'string' && typeof x.title === 'string').slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

export const recent = proxy<{ items: RecentItem[] }>({ items: load() });

export function remember(item: RecentItem): void {
  const key = (x: RecentItem) => `${x.id} ${x.path ?? ''} ${x.lookup?.id ?? ''}`;
  recent.items = [item, ...recent.items.filter((x) => key(x) !== key(item))].slice(0, RECENT_MAX);
}

/** Tests and sign-out start from nothing. */
export function resetRecent(): void {
  recent.items = load();
}

subscribe(recent, () => {
  try {
    localStorage.setItem(KEY, JSON.stringify(recent.items));
  } catch {
    // Without storage the list lasts for this page only.
  }
});
