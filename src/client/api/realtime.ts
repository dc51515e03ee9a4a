/**
 * The one realtime connection (spec §7 Realtime, §9 reconnect 1000 ms): a WebSocket to Ranger's private
 * endpoint (the session cookie authenticates it at the upgrade), opened while someone holds a
 * subscription and closed when the last one lets go. Streams are reference-counted: many screens may
 * listen to `admin.queues.counts`, the server hears one subscribe. Nothing is resumed by the server
 * after a reconnect, so every open stream is subscribed again (Ranger's rule); a screen that keeps state
 * built from increments (the order book) re-snapshots on its own, because a new `ob-inc` subscription
 * starts with a fresh `ob-snap`.
 *
 * Wire (src/server/realtime/README.md): `{"event":"subscribe","streams":[…]}` →
 * `{"success":{"message":"subscribed","streams":[…]}}`; events are one-key objects `{"<stream>": payload}`;
 * refusals are `{"error":{"message":"<code>","streams":[…]}}`.
 */
import type ReconnectingWebSocket from 'reconnecting-websocket';
import { proxy } from 'valtio';
import { getConfig } from '../config';

/** spec §9: wait 1 s before reconnecting. */
export const RECONNECT_DELAY_MS = 1000;

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'closed';

/** For the header's indicator: `closed` means it dropped and is trying again. */
export const realtime = proxy<{ status: RealtimeStatus; refused: string[] }>({ status: 'idle', refused: [] });

type Handler = (payload: unknown, stream: string) => void;

const handlers = new Map<string, Set<Handler>>();
/** Called after every (re)open: a screen that derives state from increments starts again. */
const reopenListeners = new Set<() => void>();
let socket: ReconnectingWebSocket | null = null;
/** The socket library, loaded with the first subscription: a screen draws before its first stream is heard. */
let Socket: typeof ReconnectingWebSocket | null = null;
let loading = false;

function url(): string {
  const base = getConfig().rangerUrl.replace(/\/$/, '');
  if (/^wss?:/.test(base)) return `${base}/private`;
  const loc = window.location;
  const abs = /^https?:/.test(base) ? new URL(base) : new URL(base, loc.href);
  return `${abs.protocol === 'https:' ? 'wss:' : 'ws:'}//${abs.host}${abs.pathname}/private`;
}

function send(event: 'subscribe' | 'unsubscribe', streams: string[]): void {
  if (socket && socket.readyState === 1 && streams.length) socket.send(JSON.stringify({ event, streams }));
}

function onMessage(e: MessageEvent): void {
  let msg: unknown;
  try { msg = JSON.parse(String(e.data)); } catch { return; }
  if (!msg || typeof msg !== 'object') return;
  const m = msg as Record<string, unknown>;
  if ('success' in m) return;
  if ('error' in m) {
    const streams = (m.error as { streams?: unknown }).streams;
    if (Array.isArray(streams)) realtime.refused = [...new Set([...realtime.refused, ...streams.map(String)])];
    return;
  }
  for (const [stream, payload] of Object.entries(m)) {
    // A book's snapshot comes under `<m>.ob-snap` to the subscribers of `<m>.ob-inc` (Ranger's rule).
    const target = stream.endsWith('.ob-snap') ? `${stream.slice(0, -'.ob-snap'.length)}.ob-inc` : stream;
    for (const h of handlers.get(target) ?? []) h(payload, stream);
  }
}

function open(): void {
  if (socket) return;
  realtime.status = 'connecting';
  if (Socket) { connect(Socket); return; }
  if (loading) return;
  loading = true;
  // Once loaded, only if someone still listens; a failed load is tried again after the reconnect delay, as a
  // dropped connection is.
  import('reconnecting-websocket').then((m) => {
    Socket = m.default;
    if (!socket && handlers.size) connect(Socket);
  }, () => {
    realtime.status = 'closed';
    setTimeout(() => { if (!socket && handlers.size) open(); }, RECONNECT_DELAY_MS);
  }).finally(() => { loading = false; });
}

function connect(Library: typeof ReconnectingWebSocket): void {
  // The library asks for the address after its reconnect delay even when close() came meanwhile (it
  // checks only afterwards); a closed socket's address is then never used, so none is worked out.
  const own: ReconnectingWebSocket = new Library(() => (socket === own ? url() : 'ws://closed.invalid/'), [], {
    minReconnectionDelay: RECONNECT_DELAY_MS, maxReconnectionDelay: RECONNECT_DELAY_MS, reconnectionDelayGrowFactor: 1,
    connectionTimeout: 4000, minUptime: 2000,
  });
  socket = own;
  socket.addEventListener('open', () => {
    realtime.status = 'open';
    realtime.refused = [];
    send('subscribe', [...handlers.keys()]);
    for (const l of reopenListeners) l();
  });
  socket.addEventListener('close', () => { if (socket) realtime.status = 'closed'; });
  socket.addEventListener('message', onMessage);
}

function close(): void {
  const s = socket;
  socket = null;
  s?.close();
  realtime.status = 'idle';
}

/** Listens to a stream; returns the unsubscribe. The connection opens with the first subscription. */
export function subscribe(stream: string, handler: Handler): () => void {
  let set = handlers.get(stream);
  if (!set) {
    set = new Set();
    handlers.set(stream, set);
    if (socket) send('subscribe', [stream]);
  }
  set.add(handler);
  open();
  return () => {
    const s = handlers.get(stream);
    if (!s?.delete(handler) || s.size) return;
    handlers.delete(stream);
    send('unsubscribe', [stream]);
    if (handlers.size === 0) close();
  };
}

/** Runs `fn` after every (re)connect; returns the unregister. */
export function onReconnect(fn: () => void): () => void {
  reopenListeners.add(fn);
  return () => { reopenListeners.delete(fn); };
}

/** Asks the server again for a stream (an order book that saw a sequence gap gets a fresh snapshot). */
export function resubscribe(stream: string): void {
  send('unsubscribe', [stream]);
  send('subscribe', [stream]);
}

/** Ends the connection and forgets every subscription (sign-out). */
export function closeRealtime(): void {
  handlers.clear();
  close();
}
