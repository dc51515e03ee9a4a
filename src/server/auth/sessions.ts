/**
 * Session ids, the cookie that carries them, and the rules that make a stored session usable.
 * The id is 32 random bytes in the cookie; the database keeps only its SHA-256, so a leaked table
 * cannot be replayed. Sessions live in the database, which keeps the API nodes stateless.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { deleteSession, insertSessionCapped, sweepSessions, type SessionWithUser } from '../db/queries/sessions.js';

export const SESSION_COOKIE = '_barong_session';

export const newSessionId = () => randomBytes(32).toString('base64url');
/** Barong uses SecureRandom.hex(10); 16 bytes gives the same shape with more entropy. */
export const newCsrfToken = () => randomBytes(16).toString('hex');
export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** The session id from the request's cookie, if it has a plausible one. */
export function sessionIdFrom(req: FastifyRequest): string | null {
  const v = req.cookies?.[SESSION_COOKIE];
  return v && /^[A-Za-z0-9_-]{43}$/.test(v) ? v : null;
}

/** Constant-time string comparison (equal lengths first: timingSafeEqual throws otherwise). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a), y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function cookieOptions(app: FastifyInstance, req: FastifyRequest): CookieSerializeOptions {
  const s = app.deps.config.secureCookies;
  return {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: s === 'auto' ? req.protocol === 'https' : s,
  };
}

export type SessionVerdict = 'ok' | 'expired' | 'client_mismatch';

/** User states that may hold a session (Barong: active and pending); any other is authz.user_not_active. */
export const LIVE_STATES: ReadonlySet<string> = new Set(['active', 'pending']);

/** Barong's validate_session!: same user agent as at sign-in, within idle and absolute lifetime. */
export function judgeSession(
  app: FastifyInstance, s: SessionWithUser, userAgent: string, now: Date,
): SessionVerdict {
  if (s.user_agent !== userAgent) return 'client_mismatch';
  const t = now.getTime();
  if (t - new Date(s.last_seen_at).getTime() > app.deps.config.sessionIdleMs) return 'expired';
  if (t > new Date(s.expires_at).getTime()) return 'expired';
  return 'ok';
}

/**
 * Deletes a session; the owner's user id when there was one. This node's cache forgets it at once (other
 * nodes hear it from the database's NOTIFY).
 */
export function endSession(app: FastifyInstance, idHash: string): Promise<number | null> {
  app.sessionCache.drop(idHash);
  return deleteSession(app.deps.db.kysely, idHash);
}

/**
 * Opens a session for the user, sets the cookie, returns the CSRF token for the response body. Past
 * SESSIONS_PER_USER the user's oldest sessions end.
 */
export async function openSession(
  app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, userId: number,
): Promise<string> {
  const { config, db } = app.deps;
  const now = app.deps.now();
  const previous = sessionIdFrom(req);
  if (previous) await endSession(app, hashSessionId(previous));
  await sweepSessions(db.kysely, userId, now, config.sessionIdleMs);
  const id = newSessionId();
  const csrfToken = newCsrfToken();
  const ended = await insertSessionCapped(db.kysely, {
    idHash: hashSessionId(id),
    userId,
    csrfToken,
    userAgent: userAgentOf(req),
    userIp: req.ip ?? null,
    now,
    expiresAt: new Date(now.getTime() + config.sessionAbsoluteMs),
  }, config.sessionsPerUser);
  for (const hash of ended) app.sessionCache.drop(hash);
  reply.setCookie(SESSION_COOKIE, id, {
    ...cookieOptions(app, req),
    maxAge: Math.floor(config.sessionAbsoluteMs / 1000),
  });
  return csrfToken;
}

export function clearSessionCookie(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(app, req));
}

export const userAgentOf = (req: FastifyRequest) => String(req.headers['user-agent'] ?? '');
