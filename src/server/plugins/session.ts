/**
 * Session and CSRF gate, in Barong authz's order (openware-api.md §1.2). Runs on every request:
 * - outside /api/: nothing (static files never touch the database);
 * - pass paths (identity, public): the session is loaded when valid, but nothing is enforced;
 * - everything else: CSRF header on writes, a live session bound to its user agent, an active
 *   user. `req.auth` is set for the permission check that follows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fail } from './errors.js';
import { isPassPath, normalisePath } from '../auth/paths.js';
import {
  hashSessionId, judgeSession, sameSecret, sessionIdFrom, userAgentOf, type SessionVerdict,
} from '../auth/sessions.js';
import { deleteSession, findSessionWithUser, touchSession, type SessionWithUser } from '../db/queries/sessions.js';
import type { AuthContext } from '../auth/context.js';

/** last_seen_at is rewritten at most this often: idle expiry needs minutes, not milliseconds. */
export const TOUCH_EVERY_MS = 5_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LIVE_STATES = new Set(['active', 'pending']);

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

export function registerSession(app: FastifyInstance): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (req) => {
    req.auth = null;
    const path = normalisePath(req.url);
    const underApi = path === null || path.toLowerCase() === '/api' || path.toLowerCase().startsWith('/api/');
    if (!underApi) return;
    const pass = isPassPath(req.url);
    const id = sessionIdFrom(req);
    const now = app.deps.now();
    const { kysely } = app.deps.db;

    if (pass) {
      // Identity calls (logout) want to know the caller; a stale session is simply not used here.
      if (!id) return;
      const s = await findSessionWithUser(kysely, hashSessionId(id));
      if (s && judgeSession(app, s, userAgentOf(req), now) === 'ok') req.auth = toAuth(s);
      return;
    }

    const csrf = SAFE_METHODS.has(req.method) ? null : csrfHeader(req);
    if (!SAFE_METHODS.has(req.method) && csrf === null) fail(401, 'authz.missing_csrf_token');
    const s = id ? await findSessionWithUser(kysely, hashSessionId(id)) : undefined;
    if (!s) fail(401, 'authz.invalid_session');
    if (csrf !== null && !sameSecret(csrf, s.csrf_token)) fail(401, 'authz.csrf_token_mismatch');
    const verdict: SessionVerdict = judgeSession(app, s, userAgentOf(req), now);
    if (verdict !== 'ok') {
      // Barong destroys the session and answers client_session_mismatch for both cases.
      await deleteSession(kysely, s.id_hash);
      fail(401, 'authz.client_session_mismatch');
    }
    if (!LIVE_STATES.has(s.state)) fail(401, 'authz.user_not_active');
    if (now.getTime() - new Date(s.last_seen_at).getTime() >= TOUCH_EVERY_MS) {
      await touchSession(kysely, s.id_hash, now);
    }
    req.auth = toAuth(s);
  });
}
