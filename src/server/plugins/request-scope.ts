/**
 * Each request's database scope and its place among the requests of its route (issue 31 item 4: no request
 * can starve the others).
 * - the scope (db/request-scope.ts; registerRequestScope, the first hook after the request id): a reading request (GET, HEAD) gets PostgreSQL's shorter read statement
 *   limit, and its statements under way are cancelled when its client closes the connection before the
 *   answer; requests a request injects (an export's pages) run in the scope of the request they are part of;
 * - the route's share (DatabaseLimits.routeShare, DB_ROUTE_SHARE; registerRouteShare, after the session gate
 *   and the connection caps: only a request the session gate let through waits for a place, and its socket is
 *   known as staff's by then, so no cap closes it while it waits): at most that many reading requests of one
 *   route are under way at once; the next wait their turn in arrival order, within DB_QUEUE_WAIT_MS and
 *   DB_QUEUE places (else 503 server.busy, Retry-After). A dozen staff opening the same slow list then hold
 *   at most 2 × routeShare connections, and the orders page or the queue someone else opens finds one.
 *   WebSocket upgrades (Ranger) are not counted: they hold no connection while open.
 */
import { AsyncResource } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { DatabaseBusy } from '../db/limits.js';
import { currentScope, newScope, requestGone } from '../db/request-scope.js';

interface Waiter { go(): void; timer: NodeJS.Timeout }
interface Share { active: number; readonly waiting: Waiter[] }

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * Runs `fn` when the answer's connection closes (answered, or the client gone) — at once if it already has: a
 * client can leave while its request is in an earlier hook, and a 'close' listened for after the fact never
 * comes (a place taken then was never given back).
 */
function whenClosed(res: ServerResponse, fn: () => void): void {
  if (res.closed) queueMicrotask(fn); else res.once('close', fn);
}

/** Requests an outer request injected (an export's pages): they have their place through the outer one. */
const nested = new WeakSet<object>();

export function registerRequestScope(app: FastifyInstance): void {
  const { db } = app.deps;
  app.addHook('onRequest', (req, reply, done) => {
    if (currentScope()) { nested.add(req.raw); done(); return; }
    // PGlite's one connection cannot cancel a count: there it always counts.
    const scope = newScope(isRead(req.method), db.kind === 'postgres' ? app.deps.config.database.countBudgetMs : 0);
    whenClosed(reply.raw, () => { if (!reply.raw.writableFinished) requestGone(scope); });
    db.asRequest(done, scope);
  });
}

export function registerRouteShare(app: FastifyInstance): void {
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
    // Its client already left (during the session gate): nobody waits for this answer, so no place for it.
    if (reply.raw.closed) { done(new DatabaseBusy()); return; }
    let share = shares.get(key);
    if (!share) shares.set(key, share = { active: 0, waiting: [] });
    const entered = (s: Share) => { whenClosed(reply.raw, () => release(key, s)); done(); };
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
    whenClosed(reply.raw, () => leave(new DatabaseBusy()));
  }

  app.addHook('onRequest', (req, reply, done) => {
    if (nested.has(req.raw)) { done(); return; }
    admit(req, reply, done);
  });
}
