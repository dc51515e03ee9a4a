/** Serves the built SPA (dist/) with an index.html fallback for client routes. API misses stay JSON 404s. */
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

export async function registerStatic(app: FastifyInstance): Promise<void> {
  const dir = app.deps.config.staticDir;
  if (!dir) return;
  const root = resolve(dir);
  if (!existsSync(resolve(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, wildcard: false, index: ['index.html'] });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || /\.[a-z0-9]+$/i.test(req.url.split('?')[0])) {
      return reply.status(404).send({ errors: ['route.not_found'] });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
