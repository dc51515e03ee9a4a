/**
 * After `vite build` (`npm run build`): the size of every JS/CSS chunk in dist/ (minified, gzip, brotli)
 * and the gzip JS of each route in route-sizes.ts, computed from the real chunk graph (Vite's
 * manifest). Fails when a route exceeds its budget or pulls in AG Grid where it must not.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTES, routeFiles, type Manifest } from './route-sizes.js';

const DIST = 'dist';
const assets = join(DIST, 'assets');

/** The precompressed copy the server sends (precompress.ts); computed the same way when absent. */
const gzipSize = (file: string) =>
  existsSync(`${file}.gz`) ? statSync(`${file}.gz`).size : gzipSync(readFileSync(file), { level: 9 }).length;
const brSize = (file: string) => (existsSync(`${file}.br`) ? statSync(`${file}.br`).size : NaN);
const kb = (n: number) => (Number.isNaN(n) ? '–' : (n / 1024).toFixed(1)).padStart(8) + ' KB';

const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const routes = ROUTES.map((r) => ({ ...r, files: routeFiles(manifest, r.starts) }));
const files = readdirSync(assets).filter((f) => /\.(js|css)$/.test(f));
const sizes = new Map(files.map((f) => {
  const path = join(assets, f);
  return [`assets/${f}`, { raw: statSync(path).size, gzip: gzipSize(path), br: brSize(path) }];
}));

console.log('\n' + 'chunk'.padEnd(50) + 'min'.padStart(11) + 'gzip'.padStart(11) + 'brotli'.padStart(11) + '  routes');
for (const [f, s] of [...sizes].sort((a, b) => b[1].gzip - a[1].gzip)) {
  const marks = routes.map((r, i) => ([...r.files.js, ...r.files.css].includes(f) ? String(i + 1) : ' ')).join('');
  console.log(f.slice('assets/'.length).padEnd(49) + kb(s.raw) + kb(s.gzip) + kb(s.br) + '  ' + marks);
}

// AG Grid announces itself in its own messages; no other dependency does.
const hasGrid = (f: string) => /AG Grid:|ag-grid-community/.test(readFileSync(join(DIST, f), 'utf8'));
let failed = false;
console.log('');
routes.forEach((r, i) => {
  const js = r.files.js.reduce((n, f) => n + (sizes.get(f)?.gzip ?? 0), 0);
  const grid = r.files.js.some(hasGrid);
  const over = js > r.budgetKb * 1024 || (r.noGrid === true && grid);
  failed ||= over;
  console.log(`${i + 1} ${r.name.padEnd(38)} JS ${kb(js).trim()} gzip in ${r.files.js.length} files (budget ${r.budgetKb} KB)` +
    `${grid ? ', with AG Grid' : ''}${over ? '  ← OVER' : ''}`);
});
if (failed) {
  console.error('\nA route is over its budget (or loads AG Grid where it must not).');
  process.exit(1);
}
