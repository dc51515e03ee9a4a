/**
 * What a route of the built console loads, read from Vite's manifest (dist/.vite/manifest.json): the
 * static import closure of the chunks it starts (the entry, the signed-in area, the route's lazy
 * screen), i.e. exactly what the browser must fetch before the screen can run. Used by
 * report-sizes.ts for the build's budgets.
 */

/** One manifest record (Vite's ManifestChunk, the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  /** The chunk's name (a shared chunk's: its module's file name without extension). */
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A route of the console and its budget for gzip JS. */
export interface RouteBudget {
  name: string;
  /** Manifest keys (source paths) of the chunks the route starts: entry, lazy area, lazy screen. */
  starts: string[];
  budgetKb: number;
  /** AG Grid must not be part of it (it arrives with the list screens only). */
  noGrid?: boolean;
}

export const ROUTES: RouteBudget[] = [
  // The sign-in page is a lazy page of the entry (app.tsx), loaded with the session check (first-load.ts).
  // 2026-11-28: 142.6 -> 139.4 KB (the realtime library and the users structs left the entry), budget 150 -> 146;
  // then 139.4 -> 112.4 KB with the registry's declarations out of the entry (its index only), budget 146 -> 115.
  { name: 'sign-in (/login)', starts: ['index.html', 'src/client/screens/login/LoginPage.tsx'], budgetKb: 115, noGrid: true },
  {
    name: 'list (/user-directory)',
    // The users declaration loads with the list (client/registry): the entry holds the registry's index only.
    starts: ['index.html', 'src/client/signed-in.tsx', 'src/client/resource-ui/ListScreen.tsx', 'src/shared/resources/users.ts'],
    // The target is 350. 2026-11-28 (issue 29 item 20): the palette's commands left the first screen (they load
    // with the first shortcut key or the palette): -12.7 KB, 378.4 KB after, so the budget comes down from 390 to 380.
    // The rest is the registry's declarations (25 KB gzip in the entry), which the route table is built from, and
    // AG Grid's core: src/client/README.md, First load. (Replacing the card's libraries — date-fns-tz, ofetch,
    // reconnecting-websocket, react-hotkeys-hook — by code of our own would save ~15 KB: not done, they are the
    // user's choice.) 2026-11-28 (issue 29 item 20, again): 380.0 -> 371.0 KB with the sign-in pages, the realtime
    // library, the row panel, bulk actions, list summary and upload transport loaded when first used and the users
    // structs out of the registry's imports: budget 380 -> 374. 2026-11-28 (issue 29 item 20, the target): the
    // registry's declarations load with their screens, the entry keeping a generated index (371.1 -> 350.5 KB, the
    // users declaration counted), and the country table with the first country field shown (-> 346.5 KB): budget 350.
    budgetKb: 350,
  },
  {
    name: 'user detail (/user-directory/<uid>)',
    starts: ['index.html', 'src/client/signed-in.tsx', 'src/client/screens/users/UserDetailPage.tsx'],
    // 2026-11-28: 249.4 -> 244.9 KB with the list's cuts above, budget 260 -> 255; 244.9 -> 232.1 KB with the
    // registry's declarations out of the entry, budget 255 -> 235.
    budgetKb: 235,
    noGrid: true,
  },
];

/**
 * The manifest key of a start given by its source path. A module that is both loaded lazily and imported
 * by other lazy chunks (ListScreen: a lazy route, and the tabs that embed lists) is emitted as a shared
 * chunk keyed `_<name>-<hash>.js` instead of its path; that chunk, when exactly one has the module's name,
 * or exactly one of those some chunk loads lazily (the users declaration, beside the users API module).
 */
function startKey(manifest: Manifest, start: string): string {
  if (manifest[start]) return start;
  const name = start.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const shared = Object.keys(manifest).filter((k) => k.endsWith('.js') && manifest[k]!.name === name && k.startsWith(`_${name}-`));
  if (shared.length === 1) return shared[0]!;
  const lazy = shared.filter((k) => Object.values(manifest).some((c) => c.dynamicImports?.includes(k)));
  return lazy.length === 1 ? lazy[0]! : start;
}

/** The JS and CSS files the chunks `starts` load before running: themselves and their static imports. */
export function routeFiles(manifest: Manifest, starts: readonly string[]): { js: string[]; css: string[] } {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    // A renamed or removed screen must fail the report, not silently shrink the route.
    if (!chunk) throw new Error(`no chunk '${key}' in the Vite manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  starts.forEach((start) => visit(startKey(manifest, start)));
  const chunks = [...seen].map((k) => manifest[k]);
  return {
    js: [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))],
    css: [...new Set(chunks.flatMap((c) => c.css ?? []))],
  };
}
