/** A WebSocket test client for the realtime feed: every frame kept in order, and waits on what arrives. */
import WebSocket from 'ws';

export interface WsClient {
  ws: WebSocket;
  frames: any[];
  send(msg: unknown): void;
  /** The first frame (from `from` on) passing `test`, waiting up to `ms` for it; resolves its index too. */
  next(test: (f: any) => boolean, ms?: number, from?: number): Promise<any>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

/** Opens `url`; rejects with the HTTP status when the upgrade is refused. */
export function wsConnect(url: string, headers: Record<string, string> = {}): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    const frames: any[] = [];
    const waiters = new Set<() => void>();
    let onClose!: (v: { code: number; reason: string }) => void;
    const closed = new Promise<{ code: number; reason: string }>((r) => { onClose = r; });
    ws.on('message', (d) => {
      try { frames.push(JSON.parse(String(d))); } catch { frames.push(String(d)); }
      for (const w of waiters) w();
    });
    ws.on('close', (code, reason) => { onClose({ code, reason: String(reason) }); for (const w of waiters) w(); });
    ws.on('unexpected-response', (req, res) => { req.destroy(); reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { status: res.statusCode })); });
    ws.on('error', (e) => reject(e));
    ws.on('open', () => resolve({
      ws, frames, closed,
      send: (m) => ws.send(typeof m === 'string' ? m : JSON.stringify(m)),
      close: () => ws.close(),
      next: (test, ms = 10_000, from = 0) => new Promise((res, rej) => {
        const check = () => {
          for (let i = from; i < frames.length; i++) if (test(frames[i])) { waiters.delete(check); clearTimeout(timer); res(frames[i]); return true; }
          return false;
        };
        const timer = setTimeout(() => { waiters.delete(check); rej(new Error(`no such frame in ${ms} ms; got ${JSON.stringify(frames).slice(0, 2000)}`)); }, ms);
        if (!check()) waiters.add(check);
      }),
    }));
  });
}
