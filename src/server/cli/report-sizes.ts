/**
 * After `vite build`: the gzip size of every JS/CSS chunk in dist/, and what the sign-in route loads
 * (index.html's entry plus its static imports). Fails when the sign-in JS exceeds the budget.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = 'dist';
const SIGN_IN_BUDGET_KB = 150;

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (n: number) => (n / 1024).toFixed(1).padStart(8) + ' KB';

const assets = join(DIST, 'assets');
const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const sizes = new Map(files.map((f) => [f, { raw: statSync(join(assets, f)).size, gzip: gz(join(assets, f)) }]));

// The sign-in route loads the entry script and its static import graph (modulepreload links).
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const staticImports = (file: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(file) || !file.endsWith('.js')) return seen;
  seen.add(file);
  const src = readFileSync(join(assets, file), 'utf8');
  for (const m of src.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) staticImports(m[1], seen);
  return seen;
};
const signIn = new Set<string>();
for (const f of initial) staticImports(f).forEach((x) => signIn.add(x));
initial.filter((f) => f.endsWith('.css')).forEach((f) => signIn.add(f));

console.log('\nchunk'.padEnd(58) + 'min'.padStart(11) + 'gzip'.padStart(11) + '  sign-in');
for (const [f, s] of [...sizes].sort((a, b) => b[1].gzip - a[1].gzip)) {
  console.log(f.padEnd(57) + kb(s.raw) + kb(s.gzip) + (signIn.has(f) ? '  *' : ''));
}
const signInJs = [...signIn].filter((f) => f.endsWith('.js')).reduce((a, f) => a + (sizes.get(f)?.gzip ?? 0), 0);
// AG Grid must stay out of the sign-in route (it is loaded lazily with the list routes).
const grid = [...signIn].some((f) => f.endsWith('.js') && /ag-grid-community|AG Grid:/.test(readFileSync(join(assets, f), 'utf8')));
console.log(`\nsign-in route JS: ${kb(signInJs).trim()} gzip (budget ${SIGN_IN_BUDGET_KB} KB)${grid ? ' — includes AG Grid!' : ''}`);
if (signInJs > SIGN_IN_BUDGET_KB * 1024 || grid) process.exit(1);
