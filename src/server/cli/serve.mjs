// The server process's entry: `node serve.mjs <bundle>` (bundle-path.mjs serverArgs). Plain JavaScript, so it
// runs before the bundle is even read:
// - it starts compiling PGlite's WebAssembly (db/pglite-wasm.ts picks the promise up) on V8's background threads,
//   while the main thread loads the bundle (not with DATABASE_URL: that server never opens the embedded engine);
// - it runs the bundle (CommonJS, server-bundle.ts) through vm.Script with V8's code cache beside it, so a warm
//   start does not compile the server's code again; the cache is written once the server has started (main.ts
//   calls `STARTED`), then holds the functions the start ran too, and again whenever V8 refuses it
//   (another node or V8 version, a rebuilt bundle);
// - stack traces name the TypeScript files and lines: node's --enable-source-maps does not reach a vm script
//   (and parsed the 2.4 MB map at every start), so the bundle's frames are mapped here, the map read with the
//   first stack that needs it.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire, SourceMap } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import { BUNDLE_URL, EARLY_PGLITE_WASM, STARTED } from './bundle-path.mjs';

const bundle = resolve(process.argv[2]);
const require = createRequire(bundle);
if (!process.env.DATABASE_URL) {
  const compiling = readFile(join(dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes));
  compiling.catch(() => undefined); // the open that takes it reports the failure
  globalThis[EARLY_PGLITE_WASM] = compiling;
}

const cacheFile = `${bundle}.v8-cache`;
const cachedData = existsSync(cacheFile) ? readFileSync(cacheFile) : undefined;
const source = `(function (exports, require, module, __filename, __dirname, ${BUNDLE_URL}) {${readFileSync(bundle, 'utf8')}\n})`;
const script = new Script(source, { filename: bundle, cachedData });
if (!cachedData || script.cachedDataRejected) {
  globalThis[STARTED] = () => {
    try {
      const tmp = `${cacheFile}.${process.pid}.tmp`;
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch { /* a read-only cache: every start compiles, as without one */ }
  };
}
let map = null;
Error.prepareStackTrace = (error, frames) => {
  const at = frames.map((frame) => {
    const text = frame.toString();
    const line = frame.getLineNumber(), column = frame.getColumnNumber();
    if (frame.getFileName() !== bundle || !line || !column) return `    at ${text}`;
    try {
      map ??= new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')));
      const { originalSource, originalLine, originalColumn } = map.findEntry(line - 1, column - 1);
      if (!originalSource) return `    at ${text}`;
      return `    at ${text.replace(`${bundle}:${line}:${column}`, `${resolve(dirname(bundle), originalSource)}:${originalLine + 1}:${originalColumn + 1}`)}`;
    } catch {
      return `    at ${text}`;
    }
  });
  return [Error.prototype.toString.call(error), ...at].join('\n');
};

// The bundle sees itself as the entry (process.argv[1]), as when node runs a file directly.
process.argv.splice(1, 1);
const module = { exports: {} };
script.runInThisContext()(module.exports, require, module, bundle, dirname(bundle), pathToFileURL(bundle).href);
