/**
 * The saved views the signed-in staff member sees (their own and those shared with their role), read
 * once per staff member when a list or the palette first needs them and again after each write. The
 * server has already trimmed each view to the viewer's abilities; a view opens as its list's URL.
 */
import { proxy } from 'valtio';
import type { Resource } from '../../shared/resources/define';
import { viewSearch, type SavedView, type ViewQuery } from '../../shared/saved-views';
import { changeView, createView, fetchViews, removeView } from '../api/views';
import { indexed } from '../registry';

export const savedViews = proxy<{ owner: string | null; views: SavedView[] }>({ owner: null, views: [] });

/** Reads the views for this staff member (again with `force`). */
export async function loadViews(owner: string, force = false): Promise<void> {
  if (!owner || (savedViews.owner === owner && !force)) return;
  savedViews.owner = owner;
  if (!force) savedViews.views = [];
  try {
    const views = await fetchViews();
    if (savedViews.owner === owner) savedViews.views = views;
  } catch {
    // The list keeps working without its views; the next write or reload reads them again.
  }
}

/** At sign-out: the next staff member reads their own. */
export function forgetViews(): void {
  savedViews.owner = null;
  savedViews.views = [];
}

const refresh = () => loadViews(savedViews.owner ?? '', true);

export async function saveView(name: string, r: Resource, query: ViewQuery): Promise<SavedView> {
  const v = await createView(name, r.name, query);
  await refresh();
  return v;
}
export async function renameView(id: number, name: string): Promise<void> { await changeView(id, { name }); await refresh(); }
export async function shareView(id: number, role: string | null): Promise<void> { await changeView(id, { role }); await refresh(); }
export async function deleteView(id: number): Promise<void> { await removeView(id); await refresh(); }

/** The route a list is drawn on, with the tab that shows it when it is another resource's tab. */
function listLocation(r: Resource): { path: string; tab?: string } {
  const host = indexed().find((h) => h.name !== r.name && h.list.tabs?.some((t) => t.resource === r.name));
  const tab = host?.list.tabs?.find((t) => t.resource === r.name)?.value;
  return { path: `/${host?.route ?? r.route}`, ...(tab ? { tab } : {}) };
}

/** The URL that opens a view of `r`'s list: the list with the stored filters, sort, size and columns. */
export function viewUrl(r: Resource, v: Pick<SavedView, 'query'>): string {
  const { path, tab } = listLocation(r);
  const q = new URLSearchParams(viewSearch(r, v.query));
  if (tab) q.set('tab', tab);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
