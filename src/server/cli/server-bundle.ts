/**
 * The server as one JavaScript module (esbuild, with the packages it can hold: EXTERNAL), rebuilt only when a file
 * it is built from changed. Started through tsx, a server process compiled and loaded its ~300 TypeScript
 * modules at every start: 2.4–3.0 s of CPU and ~1.5 s before main() ran; the bundle loads in ~0.7 s of CPU.
 * `npm start` runs it (cli/start.mjs); the tests' server processes run it (tests/helpers/server-process.ts).
 *
 * "Changed" is by content: the stamp beside the bundle lists the files esbuild read (its metafile) with the
 * hash of their bytes, so a touched but unchanged file rebuilds nothing and an edit anywhere the server
 * imports does. A new file is only read once some listed file imports it, which changes that file.
 * Processes that build at once (two test runs side by side) each write a file of their own and rename it.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { filesHash } from './build-if-stale.js';
import { basename } from 'node:path';
import { BUNDLE_URL, bundleDir, bundleFile, serverArgs } from './bundle-path.mjs';

const ENTRY = 'src/server/main.ts';

/**
 * Packages left outside the bundle: those that find files beside themselves when they run (PGlite's
 * WebAssembly and data, argon2's native binary, pino's worker threads), optional native add-ons, and those
 * loaded only when configured (pg with DATABASE_URL, nodemailer with SMTP). Every other package is bundled:
 * node compiled ~370 files of fastify, kysely, ajv… one by one at every start (a warm start's CPU 4.5 → 3.8 s
 * on a loaded host, medians of four).
 */
const EXTERNAL = ['@electric-sql/pglite', '@node-rs/argon2', 'pino', 'thread-stream', 'pg', 'pg-native', 'nodemailer',
  'bufferutil', 'utf-8-validate', 'esbuild', 'tsx'];

interface Stamp { inputs: string[]; hash: string }

function readStamp(file: string): Stamp | null {
  try { return JSON.parse(readFileSync(file, 'utf8')) as Stamp; } catch { return null; }
}

/**
 * The bundle's path, built first when it is missing or older than its sources. `log` hears of a build.
 */
export function serverBundle(root = process.cwd(), log: (line: string) => void = () => {}): Promise<string> {
  const known = made.get(root);
  if (known) return known;
  const making = bundle(root, log);
  made.set(root, making);
  making.catch(() => made.delete(root));
  return making;
}

/** One look (and build) per process and checkout: a test process asks before each server it starts. */
const made = new Map<string, Promise<string>>();

async function bundle(root: string, log: (line: string) => void): Promise<string> {
  const dir = bundleDir(root);
  const out = bundleFile(root);
  const stampFile = `${out}.sources.json`;
  const stamp = readStamp(stampFile);
  if (stamp && existsSync(out) && filesHash(root, stamp.inputs) === stamp.hash) return out;

  const started = Date.now();
  mkdirSync(dir, { recursive: true });
  const { build } = await import('esbuild');
  const tmp = `${out}.${process.pid}-${Date.now()}.tmp`;
  const result = await build({
    absWorkingDir: root, entryPoints: [ENTRY], outfile: tmp, bundle: true, platform: 'node',
    // CommonJS, run by cli/serve.mjs through vm.Script with V8's code cache: Node 20 keeps no code cache for an
    // ES module, and compiling the 3.6 MB bundle was the largest part of a warm start. So `import()` becomes
    // require() (a vm script has no module loader of its own), and import.meta.url is the bundle's (serve.mjs).
    format: 'cjs', supported: { 'dynamic-import': false }, define: { 'import.meta.url': BUNDLE_URL },
    target: 'node20', external: EXTERNAL.flatMap((p) => [p, `${p}/*`]), metafile: true, logLevel: 'warning',
    // Stack traces name the TypeScript files and lines: cli/serve.mjs maps the bundle's frames through it.
    sourcemap: 'linked', sourcesContent: false,
  });
  const inputs = Object.keys(result.metafile.inputs).sort();
  // The map is named after the file it was written beside; it keeps its name, the bundle points at it.
  renameSync(`${tmp}.map`, `${out}.map`);
  writeFileSync(tmp, readFileSync(tmp, 'utf8').replace(/\/\/# sourceMappingURL=\S+\s*$/, `//# sourceMappingURL=${basename(out)}.map\n`));
  renameSync(tmp, out);
  // V8 would refuse the old bundle's code cache (cli/serve.mjs) and write a new one anyway; gone, it is not read.
  rmSync(`${out}.v8-cache`, { force: true });
  writeFileSync(`${tmp}.json`, JSON.stringify({ inputs, hash: filesHash(root, inputs) }));
  renameSync(`${tmp}.json`, stampFile);
  log(`Bundled the server (${inputs.length} files) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return out;
}

/** The command that runs the server: node on the bundle, with source-mapped stack traces. */
export async function serverCommand(root = process.cwd(), log?: (line: string) => void): Promise<string[]> {
  await serverBundle(root, log);
  return serverArgs(root);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  serverBundle(process.cwd(), console.log).then((path) => console.log(path))
    .catch((e) => { console.error('steward: bundling the server failed:', e instanceof Error ? e.message : e); process.exit(1); });
}
