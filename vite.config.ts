import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './src/server/cli/precompress.js';
import { BOTH_DATABASES, RELIABILITY_WALKS_BOTH } from './tests/both-databases.js';
import { agLegacyCssForJsdom } from './tests/helpers/ag-legacy-css-jsdom.js';

// The SPA build and the test projects. Server tests run in node against a real database
// (PGlite by default, PostgreSQL when TEST_DATABASE_URL is set); client tests run in jsdom;
// e2e tests drive Debian's Chromium against a listening server.
// Reliability files that must run alone: they time a real server, crash it, restart PostgreSQL, flood the
// embedded database or fill a disk.
const RELIABILITY_ALONE = ['concurrency', 'connection-caps', 'crash', 'crash-money', 'db-stall', 'disk-full',
  'embedded-flood', 'load', 'realtime-restart'].map((f) => `tests/reliability/${f}.test.ts`);

// Server test files that mock a module (vi.mock): each in a module graph of its own.
const SERVER_OWN_MODULES = ['sign-in-equal-cost', 'sign-in-flood'].map((f) => `tests/server/${f}.test.ts`);

// What every project whose tests open a database shares: the run's migrated template (global-setup.ts)
// and processes rather than threads (PGlite's WASM and the servers' children).
const DATABASE_TESTS = { environment: 'node', globalSetup: 'tests/helpers/global-setup.ts', pool: 'forks' as const };

// The server files' settings. One module graph per worker, not per file: each file loaded the whole server again
// (~3 s of CPU a file: 24 files took 171 s of CPU isolated, 96 s not). Every file builds its own app and database.
const SERVER_FILES = { ...DATABASE_TESTS, isolate: false, testTimeout: 30_000, hookTimeout: 120_000 };
const RELIABILITY_FILES = { ...DATABASE_TESTS, testTimeout: 600_000, hookTimeout: 300_000 };
/** The client tests' AG Grid measures through tests/helpers/ag-stack-jsdom.ts, which alone reaches the package. */
const AG_STACK_FOR_JSDOM = new URL('tests/helpers/ag-stack-jsdom.ts', import.meta.url).pathname;
const agStackForJsdom = {
  name: 'ag-stack-for-jsdom',
  enforce: 'pre' as const,
  resolveId: (id: string, importer?: string) => (id === 'ag-stack' && importer !== AG_STACK_FOR_JSDOM ? AG_STACK_FOR_JSDOM : null),
};

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    // dist/.vite/manifest.json: the chunk graph the size report computes each route's JS from.
    manifest: true,
    // `npm run build` reports gzip and brotli per chunk and route itself (cli/report-sizes.ts).
    reportCompressedSize: false,
    // Every browser the console supports knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // Brotli at its best level takes seconds by design (cli/precompress.ts); no warning about it.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          // Libraries change far less often than the console: in chunks of their own they stay cached
          // (immutable) across deploys. AG Grid only ever loads with a list screen.
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'ag-grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react|ag-stack)[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  // `npm run dev`: Vite serves the SPA with hot reload and hands the API to the server on PORT.
  server: {
    proxy: Object.fromEntries(['/api', '/config.js', '/config.json'].map((p) => [p, `http://127.0.0.1:${process.env.PORT || 8080}`])),
  },
  test: {
    // CI prints where the minutes went: each project's and each file's time (tests/helpers/timing-reporter.ts).
    reporters: process.env.CI ? ['default', './tests/helpers/timing-reporter.ts'] : ['default'],
    // Vitest's default is one worker per core but one, which on this 2-core machine ran every file in turn
    // while most of them wait on a database, a server process or a browser. Two keep both cores busy.
    maxWorkers: Number(process.env.TEST_WORKERS) || 2,
    projects: [
      {
        extends: true,
        test: {
          // Pure functions: no database, run once (not again on PostgreSQL).
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          ...SERVER_FILES,
          include: ['tests/server/**/*.test.ts'],
          exclude: [...SERVER_OWN_MODULES, ...BOTH_DATABASES],
        },
      },
      {
        extends: true,
        test: {
          // The server files whose behaviour can differ between PGlite and PostgreSQL (tests/both-databases.ts):
          // CI runs this project on both, the other server files once, on PostgreSQL.
          name: 'server-both',
          ...SERVER_FILES,
          include: BOTH_DATABASES,
        },
      },
      {
        extends: true,
        test: {
          // Files that mock a module (vi.mock) need their own module graph: with a shared one the mock would
          // reach the files after them, or come too late.
          name: 'server-own-modules',
          ...DATABASE_TESTS,
          include: SERVER_OWN_MODULES,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        plugins: [agStackForJsdom, agLegacyCssForJsdom()],
        test: {
          name: 'client',
          environment: 'jsdom',
          // Each file in a module graph of its own. Shared graphs (isolate: false) halved the CPU, but the
          // client keeps state in modules beyond its valtio stores (a session being restored, lists already
          // asked for, focus memories): in CI's order 7 files failed on what the files before them left.
          // vmForks keeps that isolation (each file a fresh VM context: its own jsdom, its own module state)
          // without a new process per file, which loaded jsdom, React and AG Grid again each time: four files
          // took 50.8 s of CPU in forks and 30.0 s here, 146 s and 59 s of wall time on a loaded machine.
          include: ['tests/client/**/*.test.{ts,tsx}'],
          pool: 'vmForks',
          // AG Grid through Vite, so its `ag-stack` can be the jsdom answer of tests/helpers/ag-stack-jsdom.ts.
          server: { deps: { inline: ['ag-grid-community', 'ag-grid-react'] } },
          setupFiles: ['tests/helpers/client-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          // npm run test:reliability: the route fuzz, concurrency, crash and load suite (tests/reliability),
          // on PGlite, or on PostgreSQL with TEST_DATABASE_URL. The walks of the route table (each on a server
          // of its own) run side by side; the fault files after them, one at a time (below).
          name: 'reliability',
          ...RELIABILITY_FILES,
          include: ['tests/reliability/**/*.test.ts'],
          exclude: [...RELIABILITY_ALONE, ...RELIABILITY_WALKS_BOTH],
        },
      },
      {
        extends: true,
        test: {
          // The walks whose answers can differ by database (tests/both-databases.ts): CI runs them on both.
          name: 'reliability-both',
          ...RELIABILITY_FILES,
          include: RELIABILITY_WALKS_BOTH,
        },
      },
      {
        extends: true,
        test: {
          // The load and crash files time a real server, and a PostgreSQL restart must not cut another
          // file's connections: one at a time, after every other file of the run (groupOrder).
          name: 'reliability-alone',
          ...RELIABILITY_FILES,
          include: RELIABILITY_ALONE,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          // The server under test serves dist/: rebuild it when the client sources are newer.
          globalSetup: ['tests/helpers/e2e-build.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A journey's expect.poll waits on the screen or the API until it holds, looking every 50 ms; Vitest's
          // default gives up after 1 s, which a sort of 10,000 users or a reload on a loaded 2-core host can pass
          // (a keyboard.test run failed that way at load 10). A ceiling, not a wait: a poll that holds returns at once.
          expect: { poll: { timeout: 15_000 } },
          // Side by side with the other files (each e2e file has its own server on free ports, a copy of the
          // seeded demo and its own browser profile). One at a time they ran alone after all the others,
          // ~440 s on one core of two; that was while the screen sweep made 66 page loads and the keyboard walk
          // pressed ] a hundred times (97 s and 145 s of their limits side by side, now ~25 s each).
        },
      },
    ],
  },
});
