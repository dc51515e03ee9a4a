/**
 * A TCP proxy between the server and PostgreSQL that can stall the network: while stalled, every byte
 * and every close in either direction is held (new connections are accepted and held too), and on
 * resume they are delivered in the order they came — what a congested or partitioned network does to
 * the packets, as opposed to a database that is down (which refuses connections at once).
 */
import { connect, createServer, type Socket } from 'node:net';

export interface StallProxy {
  /** `url` (a database on the target server) through the proxy: its host and port replaced by the proxy's. */
  via(url: string): string;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function stallProxy(targetUrl: string): Promise<StallProxy> {
  const target = new URL(targetUrl);
  let stalled = false;
  let held: (() => void)[] = [];
  const sockets = new Set<Socket>();
  /** Runs `action` now, or on resume when stalled (keeping the order of everything held). */
  const deliver = (action: () => void) => { if (stalled) held.push(action); else action(); };

  const pipe = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => deliver(() => { if (!to.destroyed) to.write(chunk); }));
    from.on('end', () => deliver(() => to.end()));
    from.on('close', () => deliver(() => to.destroy()));
    from.on('error', () => undefined);
  };

  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) { sockets.add(s); s.on('close', () => sockets.delete(s)); }
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = String((server.address() as { port: number }).port);
  return {
    via: (url) => {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = port;
      return u.toString();
    },
    stall: () => { stalled = true; },
    resume: () => {
      stalled = false;
      const now = held;
      held = [];
      for (const action of now) action();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
