/**
 * Each request's database scope and its place among the requests of its route (issue 31 item 4: no request
 * can starve the others). The first hook after the request id:
 * - the scope (db/request-scope.ts): a reading request (GET, HEAD) gets PostgreSQL's shorter read statement
 *   limit, and its statements under way are cancelled when its client closes the connection before the
 *   answer; requests a request injects (an export's pages) run in the scope of the request they are part of;
 * - the route's share (DatabaseLimits.routeShare, DB_ROUTE_SHARE): at most that many reading requests of one
 *   route are under way at once; the next wait their turn in arrival order, within DB_QUEUE_WAIT_MS and
 *   DB_QUEUE places (else 503 server.busy, Retry-After). A dozen staff opening the same slow list then hold
 *   at most 2 × routeShare connections, and the orders page or the queue someone else opens finds one.
 *   WebSocket upgrades (Ranger) are not counted: they hold no connection while open.
 */
import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { DatabaseBusy } from '../db/limits.js';
import { currentScope, newScope, requestGone } from '../db/request-scope.js';

interface Waiter { go(): void; timer: NodeJS.Timeout }
interface Share { active: number; readonly waiting: Waiter[] }

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

export function registerRequestScope(app: FastifyInstance): void {
  const { db } = app.deps;
  const shares = new Map<string, Share>();
  const limits = () => app.deps.config.database;

  /** A request of `key` is done: its place goes to the next in line, or is given back. */
  const release = (key: string, share: Share) => {
    const next = share.waiting.shift();
    if (next) { clearTimeout(next.timer); next.go(); return; }
    if (--share.active === 0) shares.delete(key);
  };

  function admit(req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    const { routeShare, queue, queueWaitMs } = limits();
    const key = req.routeOptions.url;
    if (!key || !isRead(req.method) || req.headers.upgrade || !Number.isFinite(routeShare)) { done(); return; }
    let share = shares.get(key);
    if (!share) shares.set(key, share = { active: 0, waiting: [] });
    const entered = (s: Share) => { reply.raw.once('close', () => release(key, s)); done(); };
    if (share.active < routeShare) { share.active += 1; entered(share); return; }
    if (share.waiting.length >= queue) { done(new DatabaseBusy()); return; }
    const s = share;
    // Its turn comes from another request's end: continue in this request's own async context.
    const waiter: Waiter = {
      go: AsyncResource.bind(() => entered(s)),
      timer: setTimeout(() => leave(new DatabaseBusy()), queueWaitMs),
    };
    const leave = (err: Error) => {
      const at = s.waiting.indexOf(waiter);
      if (at < 0) return;
      s.waiting.splice(at, 1);
      clearTimeout(waiter.timer);
      done(err);
    };
    s.waiting.push(waiter);
    // A client that gives up while waiting leaves the line.
    reply.raw.once('close', () => leave(new DatabaseBusy()));
  }

  app.addHook('onRequest', (req, reply, done) => {
    if (currentScope()) { done(); return; }
    const scope = newScope(isRead(req.method));
    reply.raw.once('close', () => { if (!reply.raw.writableFinished) requestGone(scope); });
    db.asRequest(() => admit(req, reply, done), scope);
  });
}
