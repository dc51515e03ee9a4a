/**
 * The node's WebSocket connections and what each subscribed to. Fan-out serialises an event once and
 * hands the same bytes to every subscriber; within `batch` (the feed's tick) each connection's socket
 * is corked, so the tick's frames leave in one write per connection instead of one per frame (the
 * write calls were most of the node's CPU at 1,000 clients). A subscriber whose unsent buffer passes MAX_BUFFERED_BYTES
 * (it stopped reading) is dropped instead of growing the node's memory. Every client message costs a
 * token from a small bucket; floods get one error frame a second and, past a bound, the door.
 */
import type { WebSocket } from 'ws';

/** A client that falls this far behind is disconnected (close code 1013, try again later). */
export const MAX_BUFFERED_BYTES = 1 << 20;
/** Streams one connection may hold. */
export const MAX_STREAMS = 100;
/** Messages a client may send at once, and per second after that. */
export const RATE_BURST = 20;
export const RATE_PER_SECOND = 10;
/** Refused messages in a row before the connection is closed (1008, policy violation). */
export const FLOOD_CLOSE_AFTER = 200;

export interface Member { id: number; uid: string; role: string; sessionHash: string; userAgent: string }

/** The connection's TCP socket, as far as batching needs it. */
export interface Corkable { cork(): void; uncork(): void }

/** Bytes sent as a text frame (ws sends a Buffer as binary unless told). */
const TEXT = { binary: false } as const;

export class Client {
  readonly streams = new Set<string>();
  private tokens = RATE_BURST;
  private refilled = Date.now();
  private refusedInRow = 0;
  private lastRefusalFrame = 0;
  alive = true;
  /** The connection's messages are handled in turn (routes.ts). */
  chain: Promise<void> = Promise.resolve();
  private corked = false;

  constructor(readonly ws: WebSocket, public member: Member | null, readonly hub: Hub, private readonly socket: Corkable | null = null) {}

  /** Sends a serialised frame, or drops a client that stopped reading. Returns false once it is gone. */
  send(frame: string | Buffer): boolean {
    if (this.ws.readyState !== 1) return false;
    if (this.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.hub.slowDropped++;
      this.ws.terminate();
      return false;
    }
    if (this.hub.batching && this.socket && !this.corked) {
      this.socket.cork();
      this.corked = true;
      this.hub.corked.push(this);
    }
    this.ws.send(frame, TEXT);
    return true;
  }

  /** The frames held since `send` corked the socket go out in one write. */
  uncork(): void {
    this.corked = false;
    this.socket?.uncork();
  }

  json(body: unknown): void { this.send(JSON.stringify(body)); }
  error(message: string, streams?: string[]): void { this.json({ error: { message, ...(streams ? { streams } : {}) } }); }

  /** Takes a token for one incoming message; false (and an error frame at most once a second) when out. */
  take(now = Date.now()): boolean {
    this.tokens = Math.min(RATE_BURST, this.tokens + ((now - this.refilled) / 1000) * RATE_PER_SECOND);
    this.refilled = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      this.refusedInRow = 0;
      return true;
    }
    this.refusedInRow++;
    if (this.refusedInRow >= FLOOD_CLOSE_AFTER) { this.ws.close(1008, 'ranger.rate_limited'); return false; }
    if (now - this.lastRefusalFrame >= 1000) { this.lastRefusalFrame = now; this.error('ranger.rate_limited'); }
    return false;
  }
}

export class Hub {
  private readonly byStream = new Map<string, Set<Client>>();
  private readonly byMember = new Map<number, Set<Client>>();
  readonly clients = new Set<Client>();
  /** Frames handed to sockets, and clients dropped for not reading (the bench and tests read them). */
  sent = 0;
  slowDropped = 0;
  /** Inside `batch`: the connections whose socket `send` corked, to uncork when it ends. */
  batching = false;
  readonly corked: Client[] = [];

  add(c: Client): void {
    this.clients.add(c);
    if (c.member) this.indexMember(c, c.member.id);
  }

  remove(c: Client): void {
    this.clients.delete(c);
    for (const s of [...c.streams]) this.unsubscribe(c, s);
    if (!c.member) return;
    const set = this.byMember.get(c.member.id);
    set?.delete(c);
    if (set && set.size === 0) this.byMember.delete(c.member.id);
  }

  subscribe(c: Client, stream: string): void {
    c.streams.add(stream);
    let set = this.byStream.get(stream);
    if (!set) this.byStream.set(stream, (set = new Set()));
    set.add(c);
  }

  unsubscribe(c: Client, stream: string): void {
    c.streams.delete(stream);
    const set = this.byStream.get(stream);
    set?.delete(c);
    if (set && set.size === 0) this.byStream.delete(stream);
  }

  /** Runs `fn` (which publishes) with each socket it writes to corked until it returns: one write per connection. */
  batch(fn: () => void): void {
    this.batching = true;
    try {
      fn();
    } finally {
      this.batching = false;
      for (const c of this.corked.splice(0)) c.uncork();
    }
  }

  /** How many connections listen to a stream (producers skip work nobody wants). */
  listeners(stream: string): number { return this.byStream.get(stream)?.size ?? 0; }

  /** Streams with at least one listener whose name passes `test`. */
  streamsWhere(test: (s: string) => boolean): string[] { return [...this.byStream.keys()].filter(test); }

  /** The connections subscribed to a stream. */
  subscribers(stream: string): ReadonlySet<Client> { return this.byStream.get(stream) ?? new Set(); }

  /**
   * One event to every subscriber of a public or admin stream, serialised once; `key` names it when it
   * is not the stream's own name (`<market>.ob-snap` goes to the subscribers of `<market>.ob-inc`).
   */
  publish(stream: string, payload: unknown, key = stream): void {
    const set = this.byStream.get(stream);
    if (!set?.size) return;
    const frame = Buffer.from(JSON.stringify({ [key]: payload }));
    for (const c of set) if (c.send(frame)) this.sent++;
  }

  /** A private event to the member's own connections that subscribed to it. */
  publishPrivate(memberId: number, stream: string, payload: unknown): void {
    const set = this.byMember.get(memberId);
    if (!set?.size) return;
    let frame: string | null = null;
    for (const c of set) {
      if (!c.streams.has(stream)) continue;
      frame ??= JSON.stringify({ [stream]: payload });
      if (c.send(frame)) this.sent++;
    }
  }

  /** The connections of members matching `test` (a session ended, a role changed). */
  membersWhere(test: (m: Member) => boolean): Client[] {
    const out: Client[] = [];
    for (const set of this.byMember.values()) for (const c of set) if (c.member && test(c.member)) out.push(c);
    return out;
  }

  private indexMember(c: Client, id: number): void {
    let set = this.byMember.get(id);
    if (!set) this.byMember.set(id, (set = new Set()));
    set.add(c);
  }
}
