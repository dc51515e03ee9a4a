/**
 * A Vite build plugin (vite.config.ts): writes a brotli (.br) and a gzip (.gz) copy next to every hashed
 * asset once the bundle is on disk, at the best levels, so the server sends precompressed files
 * (plugins/static.ts, `preCompressed`) instead of compressing on every request or not at all. Runs in
 * `vite build` itself, so `npm start` and the e2e build get them too.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts of the bundle are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/** Writes `<file>.br` and `<file>.gz`, each only when it is smaller than the file itself. */
export async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const [brotli, gzipped] = await Promise.all([
    br(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gz(data, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    brotli.length < data.length ? writeFile(`${file}.br`, brotli) : undefined,
    gzipped.length < data.length ? writeFile(`${file}.gz`, gzipped) : undefined,
  ]);
}

/** Only the hashed files under assets/: index.html is tiny and must be revalidated anyway. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'steward:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => f.startsWith('assets/') && COMPRESSIBLE.test(f));
      await Promise.all(files.map((f) => compressFile(join(outDir, f))));
    },
  };
}
