/**
 * The screen a direct link opens, for first-load.ts: which lazy screen the path names and the request
 * it starts with. Part of the signed-in area's chunk (it needs the registry's index, which the sign-in
 * page does not), and importing the screens from inside that area keeps the chunk graph as the routes
 * make it (imported from the entry, each screen would split the area's shared code into more chunks).
 * The resource's declaration loads beside the screen's code, as the route loads it; the first request
 * goes out once it is there.
 */
import { preloadRows } from './api/resources';
import { preloadUser } from './api/users';
import { decodeListState, toRequestQuery } from '../shared/list-query';
import { loadResource } from './registry';
import { formStyle, hasForm, listDefaults, resourceAt } from './resource-ui/presentation';

type Screen = 'dashboard' | 'list' | 'user' | 'form';

/**
 * The modules routes.tsx and resource-ui/routes.tsx load lazily for these screens: imported here first,
 * their lazy() finds them loaded. A path this does not recognise just loads the usual way.
 */
const SCREENS: Record<Screen, () => Promise<unknown>> = {
  dashboard: () => import('./screens/dashboard/DashboardPage'),
  list: () => import('./resource-ui/ListScreen'),
  user: () => import('./screens/users/UserDetailPage'),
  form: () => import('./resource-ui/FormPage'),
};

export interface FirstScreen {
  screen: Screen;
  /** A list link that opens a row's side panel (`?row=`): the panel's code loads with the list's, not after it. */
  panel?: boolean;
  /** The resource whose declaration the screen needs. */
  resource?: string;
  /** Starts the screen's first request, exactly as the screen will send it. */
  preload?: () => void;
}

/** The screen a signed-in path opens, or null when the path is not one of a screen. */
export function firstScreen(path: string, search: string): FirstScreen | null {
  let segments: string[];
  try {
    segments = path.split('/').filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (segments.length === 0 || (segments.length === 1 && segments[0] === 'dashboard')) return { screen: 'dashboard' };
  // The query too: a tabbed list route preloads the list of the tab asked for.
  const r = resourceAt(path, search);
  if (!r || segments.length > 2) return null;
  if (segments.length === 1) {
    // The list screen's first request: its URL state (use-list-state) as the list sends it (use-list-data).
    return {
      screen: 'list', resource: r.name, ...(new URLSearchParams(search).has('row') ? { panel: true } : {}),
      // A declaration that fails to load fails again, visibly, where the route loads it.
      preload: () => void loadResource(r.name)
        .then((full) => preloadRows(full, toRequestQuery(decodeListState(search, listDefaults(full)), full.service)), () => undefined),
    };
  }
  const id = segments[1];
  if (r.name === 'users') return { screen: 'user', preload: () => preloadUser(id) };
  return formStyle(r) === 'page' && hasForm(r) ? { screen: 'form', resource: r.name } : null;
}

/** Starts the code of the screen `path` opens, then its first request. */
export function preloadScreen(path: string, search: string): void {
  const first = firstScreen(path, search);
  if (!first) return;
  // A chunk that fails to load here fails again, visibly, where the route loads it.
  void SCREENS[first.screen]().catch(() => undefined);
  if (first.panel) void import('./resource-ui/RowPanel').catch(() => undefined);
  if (first.resource) void loadResource(first.resource).catch(() => undefined);
  first.preload?.();
}
