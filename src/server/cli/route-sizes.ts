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
  { name: 'sign-in (/login)', starts: ['index.html'], budgetKb: 150, noGrid: true },
  {
    name: 'list (/user-directory)',
    starts: ['index.html', 'src/client/signed-in.tsx', 'src/client/resource-ui/ListScreen.tsx'],
    budgetKb: 350,
  },
  {
    name: 'user detail (/user-directory/<uid>)',
    starts: ['index.html', 'src/client/signed-in.tsx', 'src/client/screens/users/UserDetailPage.tsx'],
    budgetKb: 250,
    noGrid: true,
  },
];

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
  starts.forEach(visit);
  const chunks = [...seen].map((k) => manifest[k]);
  return {
    js: [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))],
    css: [...new Set(chunks.flatMap((c) => c.css ?? []))],
  };
}
