/**
 * HTTP connection caps (issue 30 item 9). Node's own timeouts end slow requests (app.ts: the headers
 * within HTTP_HEADERS_TIMEOUT_MS, the whole request within HTTP_REQUEST_TIMEOUT_MS, checked every
 * second); this caps how many sockets may be open without a staff session: per client address
 * (HTTP_MAX_CONNECTIONS_PER_ADDRESS) and in total (HTTP_MAX_CONNECTIONS).
 *
 * Past a cap the OLDEST such socket is closed, never the new one: a new connection is always accepted,
 * so a staff member behind the same address as a flood still gets a socket, and keeps it once a request
 * on it carries a staff session (from then on it counts against nothing). A flood of idle or slow
 * sockets only churns its own. A socket upgraded to a WebSocket leaves these counts for Ranger's
 * (realtime/caps.ts).
 *
 * A socket whose request has come in whole (headers and body) and is not answered yet is not closed for a cap:
 * it is work the server took on, bounded by the database queue and the request timeout. Closing the oldest
 * socket closed such requests — 200 staff readers flooding the embedded database lost 12 whose requests
 * waited in its queue, before the session gate could tell they were staff. A request still arriving (a slow
 * body, slow headers) leaves its socket as closable as an idle one, once it is a second old (GRACE_MS): a new
 * socket whose request the server has not read yet looks idle.
 *
 * The address is the TCP peer's: the forwarded client address arrives with the headers, after the
 * socket is accepted, and one proxy socket carries many clients' requests. So a peer that is one of
 * TRUST_PROXY's proxies has no per-address cap (its clients' slow requests are the proxy's to buffer);
 * the total cap still applies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BlockList, isIP, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** proxy-addr's names for TRUST_PROXY (config.ts), as subnets. */
const NAMED: Record<string, Array<[string, number, 'ipv4' | 'ipv6']>> = {
  loopback: [['127.0.0.0', 8, 'ipv4'], ['::1', 128, 'ipv6']],
  linklocal: [['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']],
  uniquelocal: [['10.0.0.0', 8, 'ipv4'], ['172.16.0.0', 12, 'ipv4'], ['192.168.0.0', 16, 'ipv4'], ['fc00::', 7, 'ipv6']],
};

/** Whether a peer address is one of the trusted proxies (TRUST_PROXY's addresses, CIDRs and names). */
export function trustedPeer(trustProxy: false | string[]): (address: string) => boolean {
  if (!trustProxy) return () => false;
  const list = new BlockList();
  for (const entry of trustProxy) {
    for (const [net, bits, type] of NAMED[entry] ?? []) list.addSubnet(net, bits, type);
    if (NAMED[entry]) continue;
    const [addr, bits] = entry.split('/');
    const type = isIP(addr!) === 4 ? 'ipv4' : 'ipv6';
    list.addSubnet(addr!, bits === undefined ? (type === 'ipv4' ? 32 : 128) : Number(bits), type);
  }
  return (address) => {
    const family = isIP(address);
    return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * How long a new socket is left to show its request before a cap may close it: a busy server accepts a burst
 * of connections before it reads them, and a request it has not read yet cannot be told from an idle socket.
 */
const GRACE_MS = 1000;

/** The sockets without a staff session, oldest first, per address and in all. */
export class SocketCaps {
  private readonly all = new Set<Socket>();
  private readonly byAddress = new Map<string, Set<Socket>>();
  private readonly addressOf = new Map<Socket, string | null>();
  private readonly openedAt = new Map<Socket, number>();
  /** The requests of each socket not yet answered (more than one when pipelined). */
  private readonly serving = new Map<Socket, Set<IncomingMessage>>();
  private enforcing = false;
  private recheck: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly perAddress: number, private readonly total: number, private readonly exempt: (address: string) => boolean,
  ) {}

  /** How many sockets are counted (for tests and the log). */
  get size(): number { return this.all.size; }

  admit(socket: Socket): void {
    const address = socket.remoteAddress ?? '';
    const key = this.exempt(address) ? null : address;
    this.all.add(socket);
    this.addressOf.set(socket, key);
    this.openedAt.set(socket, Date.now());
    socket.once('close', () => this.release(socket));
    if (key !== null) {
      const mine = this.byAddress.get(key) ?? new Set<Socket>();
      this.byAddress.set(key, mine);
      mine.add(socket);
    }
    if ((key !== null && this.byAddress.get(key)!.size > this.perAddress) || this.all.size > this.total) this.enforceSoon();
  }

  /** A request on its socket, until its answer is done: once it has come in whole, its socket is not closed for a cap. */
  serve(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const mine = this.serving.get(socket) ?? new Set<IncomingMessage>();
    this.serving.set(socket, mine.add(req));
    res.once('close', () => {
      mine.delete(req);
      if (mine.size === 0 && this.serving.get(socket) === mine) this.serving.delete(socket);
    });
  }

  /** Still in its grace: a request the server has not read yet looks like nothing. */
  private young(socket: Socket, now: number): boolean {
    return now - (this.openedAt.get(socket) ?? 0) < GRACE_MS;
  }

  /** Holds a request that has come in whole and is not answered yet. */
  private working(socket: Socket): boolean {
    for (const req of this.serving.get(socket) ?? []) if (req.complete) return true;
    return false;
  }

  private enforceSoon(): void {
    if (this.enforcing) return;
    this.enforcing = true;
    setImmediate(() => { this.enforcing = false; this.enforce(); });
  }

  /**
   * Closes the oldest sockets past their grace without a whole request in hand, until each address and the
   * total are within their caps; when sockets in their grace keep a count past its cap, looks again after it.
   */
  private enforce(): void {
    const now = Date.now();
    let short = false;
    for (const mine of this.byAddress.values()) short = this.trim(mine, this.perAddress, now) || short;
    short = this.trim(this.all, this.total, now) || short;
    if (short && !this.recheck) {
      this.recheck = setTimeout(() => { this.recheck = null; this.enforce(); }, GRACE_MS);
      this.recheck.unref();
    }
  }

  /** Whether `set` stays past `cap` for sockets in their grace. */
  private trim(set: Set<Socket>, cap: number, now: number): boolean {
    let over = set.size - cap;
    if (over <= 0) return false;
    let waiting = false;
    for (const socket of [...set]) {
      if (over <= 0) break;
      if (this.young(socket, now)) waiting = true;
      else if (!this.working(socket)) { this.evict(socket); over--; }
    }
    return over > 0 && waiting;
  }

  /** No longer counted: it carries a staff session, or it became a WebSocket. */
  release(socket: Socket): void {
    if (!this.addressOf.has(socket)) return;
    const key = this.addressOf.get(socket)!;
    this.addressOf.delete(socket);
    this.openedAt.delete(socket);
    this.all.delete(socket);
    if (key === null) return;
    const mine = this.byAddress.get(key);
    mine?.delete(socket);
    if (mine?.size === 0) this.byAddress.delete(key);
  }

  private evict(socket: Socket): void {
    this.release(socket);
    this.serving.delete(socket);
    socket.destroy();
  }
}

export function registerConnectionCaps(app: FastifyInstance): SocketCaps {
  const { connections, trustProxy, allowedRoles } = app.deps.config;
  const caps = new SocketCaps(connections.httpPerAddress, connections.httpTotal, trustedPeer(trustProxy));
  app.server.on('connection', (socket: Socket) => caps.admit(socket));
  app.server.on('request', (req: IncomingMessage, res: ServerResponse) => caps.serve(req, res));
  // Before any hook: from here on Ranger's caps count it (an upgrade refused there is closed after its answer).
  app.server.on('upgrade', (_req, socket: Socket) => caps.release(socket));
  // After the session gate (registered after it): a socket that carried a staff request stays theirs.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.auth && allowedRoles.includes(req.auth.user.role)) caps.release(req.raw.socket);
    done();
  });
  return caps;
}
