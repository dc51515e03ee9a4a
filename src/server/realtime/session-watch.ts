/**
 * A WebSocket outlives the request that opened it, so its session is judged again whenever that could
 * have changed: at once on every steward_auth notification (migration 0006: a session deleted — logout,
 * sign-in elsewhere, expiry — or a user's role or state changed, from any node), after the LISTEN comes
 * back (anything may have been missed), and every minute for idle and absolute expiry. A connection whose
 * session no longer passes is closed (4001 authz.invalid_session); one whose role changed loses the
 * streams the new role may not have.
 */
import type { FastifyInstance } from 'fastify';
import { judgeSession, LIVE_STATES } from '../auth/sessions.js';
import { AUTH_CHANNEL } from '../auth/session-cache.js';
import { findSessionWithUser } from '../db/queries/sessions.js';
import type { Client, Hub, Member } from './hub.js';
import { parseStream, type StreamKind } from './streams.js';

const RECHECK_EVERY_MS = 60_000;
export const SESSION_CLOSE_CODE = 4001;

export function watchSessions(app: FastifyInstance, hub: Hub, refusal: (c: Client, k: StreamKind) => string | null): () => void {
  const { db, now } = app.deps;

  const recheck = async (clients: Client[]) => {
    const byHash = new Map<string, Client[]>();
    for (const c of clients) if (c.member) byHash.set(c.member.sessionHash, [...(byHash.get(c.member.sessionHash) ?? []), c]);
    for (const [hash, group] of byHash) {
      const s = await findSessionWithUser(db.kysely, hash);
      for (const c of group) {
        const m = c.member as Member;
        if (!s || judgeSession(app, s, m.userAgent, now()) !== 'ok' || !LIVE_STATES.has(s.state)) {
          c.error('authz.invalid_session');
          c.ws.close(SESSION_CLOSE_CODE, 'authz.invalid_session');
          continue;
        }
        if (s.role === m.role) continue;
        m.role = s.role;
        const dropped = [...c.streams].filter((name) => { const k = parseStream(name); return !k || refusal(c, k) !== null; });
        for (const name of dropped) hub.unsubscribe(c, name);
        if (dropped.length) c.error('ranger.stream.forbidden', dropped);
      }
    }
  };
  const run = (clients: Client[]) => {
    if (clients.length) recheck(clients).catch((err) => app.log.warn({ err }, 'realtime session check'));
  };

  const onPayload = (p: string) => {
    if (p.startsWith('s:')) { const h = p.slice(2); run(hub.membersWhere((m) => m.sessionHash === h)); return; }
    const user = /^u:(\d+)$/.exec(p);
    if (user) { const id = Number(user[1]); run(hub.membersWhere((m) => m.id === id)); return; }
    run(hub.membersWhere(() => true));
  };

  let stop: (() => Promise<void>) | undefined;
  let missed = false;
  const timer = setInterval(() => run(hub.membersWhere(() => true)), RECHECK_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => {
    try {
      stop = await db.listen(AUTH_CHANNEL, {
        payload: onPayload,
        lost: () => { missed = true; },
        ready: () => { if (missed) { missed = false; onPayload('*'); } },
      });
    } catch (err) {
      app.log.warn({ err }, 'realtime: cannot LISTEN for session changes; sessions are re-checked every minute');
    }
  });
  return () => { clearInterval(timer); void stop?.(); };
}
