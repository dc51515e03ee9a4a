/**
 * Serves the built SPA (dist/) with an index.html fallback for client routes, and owns the app's one
 * not-found handler: API misses, non-GETs and missing files stay JSON 404s.
 */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { notFound } from './errors.js';

export async function registerStatic(app: FastifyInstance): Promise<void> {
  const dir = app.deps.config.staticDir;
  const root = dir ? resolve(dir) : '';
  if (!root || !existsSync(resolve(root, 'index.html'))) {
    app.setNotFoundHandler((_req, reply) => notFound(reply));
    return;
  }
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || /\.[a-z0-9]+$/i.test(req.url.split('?')[0])) {
      return notFound(reply);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
