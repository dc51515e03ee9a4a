/**
 * Session and CSRF gate, in Barong authz's order (openware-api.md §1.2). Runs on every request:
 * - outside /api/: nothing (static files never touch the database);
 * - pass paths (identity, public): the session is loaded when valid, but nothing is enforced;
 * - everything else: CSRF header on writes, a live session bound to its user agent, an active
 *   user. `req.auth` is set for the permission check that follows.
 * Reads may take the session from this node's SessionCache (auth/session-cache.ts: pushed invalidation,
 * never used by writes); everything the cache cannot vouch for goes to the database.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './errors.js';
import { isPassPath, normalisePath } from '../auth/paths.js';
import {
  endSession, hashSessionId, judgeSession, LIVE_STATES, sameSecret, sessionIdFrom, userAgentOf, type SessionVerdict,
} from '../auth/sessions.js';
import { findSessionWithUser, touchSession, type SessionWithUser } from '../db/queries/sessions.js';
import type { AuthContext } from '../auth/context.js';
import { SessionCache } from '../auth/session-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

/** last_seen_at is rewritten at most this often: idle expiry needs minutes, not milliseconds. */
export const TOUCH_EVERY_MS = 5_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function toAuth(s: SessionWithUser): AuthContext {
  return {
    user: {
      id: s.user_id, uid: s.uid, email: s.email, username: s.username,
      role: s.role, level: s.level, state: s.state, otp: s.otp,
    },
    sessionHash: s.id_hash,
    csrfToken: s.csrf_token,
  };
}

/** The X-CSRF-Token header (a repeated header counts as absent rather than guessing). */
export function csrfHeader(req: FastifyRequest): string | null {
  const v = req.headers['x-csrf-token'];
  return typeof v === 'string' && v !== '' ? v : null;
}

/** Whether a cached session passes the gate exactly as the database copy would, with no touch due. */
function servable(app: FastifyInstance, s: SessionWithUser, req: FastifyRequest, now: Date): boolean {
  return judgeSession(app, s, userAgentOf(req), now) === 'ok' && LIVE_STATES.has(s.state)
    && now.getTime() - new Date(s.last_seen_at).getTime() < TOUCH_EVERY_MS;
}

export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const cache = new SessionCache(app.deps.config.sessionCacheMs);
  app.decorate('sessionCache', cache);
  let unlisten: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    try {
      unlisten = await cache.listen(app.deps.db.listen);
    } catch (err) {
      app.log.warn({ err }, 'session cache off: cannot LISTEN for invalidations');
    }
  });
  app.addHook('onClose', async () => { await unlisten?.(); });

  app.addHook('onRequest', async (req) => {
    req.auth = null;
    const path = normalisePath(req.url);
    const underApi = path === null || path.toLowerCase() === '/api' || path.toLowerCase().startsWith('/api/');
    if (!underApi) return;
    const pass = isPassPath(req.url);
    const id = sessionIdFrom(req);
    const now = app.deps.now();
    const { kysely } = app.deps.db;

    const safe = SAFE_METHODS.has(req.method);
    const hash = id ? hashSessionId(id) : null;
    const cached = safe && hash ? cache.get(hash, now.getTime()) : undefined;

    if (pass) {
      // Identity calls (logout) want to know the caller; a stale session is simply not used here.
      if (!hash) return;
      const generation = cache.generation;
      const s = cached ?? await findSessionWithUser(kysely, hash);
      if (!s || judgeSession(app, s, userAgentOf(req), now) !== 'ok') return;
      if (!cached && safe) cache.put(hash, s, now.getTime(), generation);
      req.auth = toAuth(s);
      return;
    }

    const csrf = safe ? null : csrfHeader(req);
    if (!safe && csrf === null) fail(401, 'authz.missing_csrf_token');
    if (cached && servable(app, cached, req, now)) {
      req.auth = toAuth(cached);
      return;
    }
    const generation = cache.generation;
    let s = hash ? await findSessionWithUser(kysely, hash) : undefined;
    if (!s) fail(401, 'authz.invalid_session');
    if (csrf !== null && !sameSecret(csrf, s.csrf_token)) fail(401, 'authz.csrf_token_mismatch');
    const verdict: SessionVerdict = judgeSession(app, s, userAgentOf(req), now);
    if (verdict !== 'ok') {
      // Barong destroys the session and answers client_session_mismatch for both cases.
      await endSession(app, s.id_hash);
      fail(401, 'authz.client_session_mismatch');
    }
    if (!LIVE_STATES.has(s.state)) fail(401, 'authz.user_not_active');
    if (now.getTime() - new Date(s.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
      await touchSession(kysely, s.id_hash, now);
      s = { ...s, last_seen_at: now };
    }
    cache.put(s.id_hash, s, now.getTime(), generation);
    req.auth = toAuth(s);
  });
}
