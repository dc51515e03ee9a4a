/**
 * Serves the built SPA (dist/) with an index.html fallback for client routes, and owns the app's one
 * not-found handler: API misses, non-GETs and missing files stay JSON 404s.
 *
 * Caching: the files under /assets/ carry a content hash in their name, so they never change and are
 * cached for a year without revalidation; everything else (index.html, the SPA fallback, files copied
 * from public/) is revalidated on every load, so a deploy is picked up at once. The build writes a
 * brotli and a gzip copy next to each asset (cli/precompress.ts); the one the browser accepts is sent,
 * with `Vary: Accept-Encoding` so shared caches keep them apart.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { notFound } from './errors.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerStatic(app: FastifyInstance): Promise<void> {
  const dir = app.deps.config.staticDir;
  const root = dir ? resolve(dir) : '';
  if (!root || !existsSync(resolve(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => notFound(reply));
    return;
  }
  const assets = resolve(root, 'assets') + sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The compressed copies are picked by content negotiation, never served under their own names.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE : 'no-cache');
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD') || /\.[a-z0-9]+$/i.test(req.url.split('?')[0])) {
      return notFound(reply);
    }
    return reply.sendFile('index.html');
  });
}
