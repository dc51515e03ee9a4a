/**
 * Ranger at /api/v2/ranger/public and /api/v2/ranger/private (@fastify/websocket over `ws`). The
 * upgrade is an ordinary GET through the server's hooks first: the session gate (the private endpoint is
 * not a pass path, so no live session answers 401 authz.invalid_session before any upgrade), Barong's
 * permission rows (`get api/v2/ranger`), and the Origin check here (a browser page of another site may
 * not ride the staff member's cookie: 403 authz.origin_mismatch). After it, each connection speaks
 * Ranger's subscribe/unsubscribe protocol (src/server/realtime/README.md).
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { roleCan } from '../auth/require-ability.js';
import { fail } from '../plugins/errors.js';
import { EventBus } from './events.js';
import { Feed } from './feed.js';
import { Client, Hub, MAX_STREAMS } from './hub.js';
import { parseStream, QUEUES, type Queue, type StreamKind } from './streams.js';
import { watchSessions } from './session-watch.js';
import { AnonymousSockets } from './caps.js';
import { clientOf } from '../plugins/restrictions.js';

export const RANGER_PREFIX = '/api/v2/ranger';
/** Frames larger than this close the connection (1009): a subscribe message is a few hundred bytes. */
export const MAX_FRAME_BYTES = 16 * 1024;
const MAX_STREAM_NAME = 100;
/** Pings keep proxies from idling the connection out and find peers that vanished. */
const PING_EVERY_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    ranger: { hub: Hub; bus: EventBus; feed: Feed };
  }
}

/** Closes a socket over the caps that got through the upgrade (two upgrades raced past the check): "try again later". */
const TRY_AGAIN_LATER = 1013;

/** The page that opened the socket must be this server's own (a non-browser client sends no Origin). */
function checkOrigin(req: FastifyRequest): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  if (origin !== `${req.protocol}://${req.host}`) fail(403, 'authz.origin_mismatch');
}

/** The WebSocket upgrade support (app.ts registers it ahead of the session gate). */
export async function registerWebSocket(app: FastifyInstance): Promise<void> {
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false } });
}

export async function registerRanger(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const hub = new Hub();
  const bus = new EventBus();
  const can = (role: string, subject: Parameters<typeof roleCan>[2], service: Parameters<typeof roleCan>[3]) =>
    roleCan(role, 'read', subject, service, config.allowedRoles);
  const queuesFor = (role: string) => (Object.keys(QUEUES) as Queue[]).filter((q) => can(role, QUEUES[q].subject, QUEUES[q].service));
  const feed = new Feed({ db: db.kysely, hub, now, queuesFor, warn: (err, what) => app.log.warn({ err }, what) });
  bus.add(feed);
  app.decorate('ranger', { hub, bus, feed });
  const anonymous = new AnonymousSockets(config.connections.rangerPerAddress, config.connections.rangerTotal);
  /** The address a socket without a staff session counts under, or null for staff. */
  const anonymousAddress = (req: FastifyRequest): string | null =>
    (req.auth && config.allowedRoles.includes(req.auth.user.role) ? null : clientOf(app, req).ip);
  /** Refused before the upgrade when the caps are reached (README → Security: connection limits). */
  const checkCaps = (req: FastifyRequest): void => {
    const address = req.ws ? anonymousAddress(req) : null;
    if (address !== null && !anonymous.room(address)) fail(429, 'ranger.too_many_connections');
  };

  /** Why `c` may not have `kind`, or null when it may. */
  const refusal = (c: Client, kind: StreamKind): string | null => {
    if (kind.kind === 'private') return c.member ? null : 'ranger.stream.forbidden';
    if (kind.kind === 'admin') return c.member && can(c.member.role, kind.subject, kind.service) ? null : 'ranger.stream.forbidden';
    if (kind.kind === 'queues') return c.member && queuesFor(c.member.role).length ? null : 'ranger.stream.forbidden';
    return null;
  };

  // Market streams name an existing market: a made-up one would cost the node a book for nothing. Known
  // ids are kept; a name not among them is looked up (a market added since), at a connection's message rate.
  const markets = new Set<string>();
  const knownMarkets = async (names: string[]): Promise<Set<string>> => {
    const missing = [...new Set(names.map(parseStream).flatMap((k) => (k && 'market' in k && !markets.has(k.market) ? [k.market] : [])))];
    if (missing.length) {
      for (const r of await db.kysely.selectFrom('markets').select('id').where('id', 'in', missing).execute()) markets.add(r.id);
    }
    return markets;
  };

  const subscribe = async (c: Client, names: string[]) => {
    const refused = new Map<string, string[]>();
    const added: [string, StreamKind][] = [];
    const known = await knownMarkets(names);
    for (const name of names) {
      if (c.streams.has(name)) continue;
      const parsed = parseStream(name);
      const kind = parsed && 'market' in parsed && !known.has(parsed.market) ? null : parsed;
      const why = !kind ? 'ranger.stream.unknown' : c.streams.size >= MAX_STREAMS ? 'ranger.too_many_streams' : refusal(c, kind);
      if (why) { refused.set(why, [...(refused.get(why) ?? []), name]); continue; }
      hub.subscribe(c, name);
      added.push([name, kind!]);
    }
    c.json({ success: { message: 'subscribed', streams: [...c.streams] } });
    for (const [why, streams] of refused) c.error(why, streams);
    for (const [name, kind] of added) {
      feed.welcome(c, name, kind).catch((err) => { app.log.warn({ err }, 'realtime welcome'); c.error('ranger.stream.unavailable', [name]); });
    }
  };

  const fault = (c: Client, err: unknown) => {
    app.log.warn({ err }, 'realtime subscribe');
    c.error('ranger.stream.unavailable');
  };

  const onMessage = (c: Client, data: Buffer) => {
    if (!c.take()) return;
    let msg: unknown;
    try { msg = JSON.parse(data.toString('utf8')); } catch { c.error('ranger.message.invalid'); return; }
    const { event, streams } = (msg && typeof msg === 'object' ? msg : {}) as { event?: unknown; streams?: unknown };
    const names = Array.isArray(streams) && streams.length <= MAX_STREAMS
      && streams.every((s) => typeof s === 'string' && s.length > 0 && s.length <= MAX_STREAM_NAME) ? streams as string[] : null;
    if ((event !== 'subscribe' && event !== 'unsubscribe') || !names) { c.error('ranger.message.invalid'); return; }
    // One message at a time per connection: an unsubscribe never overtakes the subscribe before it.
    c.chain = c.chain.then(async () => {
      if (event === 'subscribe') { await subscribe(c, names); return; }
      for (const n of names) hub.unsubscribe(c, n);
      c.json({ success: { message: 'unsubscribed', streams: [...c.streams] } });
    }).catch((err) => fault(c, err));
  };

  const connect = (ws: WebSocket, req: FastifyRequest) => {
    // Taken here, where nothing else runs in between: the check before the upgrade may have raced another.
    const address = anonymousAddress(req);
    if (address !== null) {
      if (!anonymous.take(address)) { ws.close(TRY_AGAIN_LATER, 'ranger.too_many_connections'); return; }
      ws.once('close', () => anonymous.release(address));
    }
    const a = req.auth;
    const c = new Client(ws, a ? { id: a.user.id, uid: a.user.uid, role: a.user.role, sessionHash: a.sessionHash, userAgent: req.headers['user-agent'] ?? '' } : null, hub, req.raw.socket);
    hub.add(c);
    ws.on('message', (data: Buffer, isBinary: boolean) => { if (isBinary) c.error('ranger.message.invalid'); else onMessage(c, data); });
    ws.on('pong', () => { c.alive = true; });
    ws.on('close', () => hub.remove(c));
    ws.on('error', () => ws.terminate());
    const raw = (req.query as Record<string, unknown>).stream;
    const initial = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).map(String);
    if (initial.length) c.chain = subscribe(c, initial.slice(0, MAX_STREAMS)).catch((err) => fault(c, err));
  };

  // A plain GET (no upgrade) is told what the path wants, in the API's error shape.
  const plain = async (_req: FastifyRequest, reply: FastifyReply) => reply.code(426).header('upgrade', 'websocket').send({ errors: ['ranger.upgrade_required'] });
  for (const path of [`${RANGER_PREFIX}/public`, `${RANGER_PREFIX}/private`]) {
    app.route({ method: 'GET', url: path, onRequest: async (req) => { checkOrigin(req); checkCaps(req); }, handler: plain, wsHandler: connect });
  }

  const ping = setInterval(() => {
    for (const c of hub.clients) {
      if (!c.alive) { c.ws.terminate(); continue; }
      c.alive = false;
      c.ws.ping();
    }
  }, PING_EVERY_MS);
  ping.unref();
  let unlisten: (() => Promise<void>) | undefined;
  const unwatch = watchSessions(app, hub, refusal);
  app.addHook('onReady', async () => {
    feed.start();
    try {
      unlisten = await bus.listen(db.listen);
    } catch (err) {
      app.log.warn({ err }, 'realtime feed off: cannot LISTEN for changes');
    }
  });
  app.addHook('onClose', async () => {
    clearInterval(ping);
    unwatch();
    feed.stop();
    await unlisten?.();
  });
}
