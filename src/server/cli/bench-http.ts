/**
 * The benchmark's HTTP client. It runs in a worker thread: its own event loop, so client-side work is not
 * billed to the server it measures. It is node:http with keep-alive connections (lighter than fetch):
 * `once` times one request on one connection; `load` keeps `concurrency` requests in flight on as many
 * connections until `total` have been answered, and reports each latency and the wall time; `burst`
 * sends anonymous sign-ins all at once (the flood rows, bench-flood.ts).
 */
import { Worker } from 'node:worker_threads';

const CLIENT = `
const { parentPort } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const http = require('node:http');
const single = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(agent, url, headers) {
  return new Promise((resolve) => {
    const t = performance.now();
    http.get(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        resolve({ ms: performance.now() - t, ok, status: res.statusCode, text: ok ? '' : Buffer.concat(chunks).toString() });
      });
    }).on('error', (e) => resolve({ ms: 0, ok: false, status: 0, text: String(e) }));
  });
}
function post(agent, url, headers, body) {
  return new Promise((resolve) => {
    const t = performance.now();
    const req = http.request(url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ms: performance.now() - t, status: res.statusCode }));
    });
    req.on('error', () => resolve({ ms: performance.now() - t, status: 0 }));
    req.end(body);
  });
}
const address = (k) => '10.' + ((k >> 16) & 255) + '.' + ((k >> 8) & 255) + '.' + (k & 255);
/** Sign-ins all at once, each on its own connection (like as many clients), from one address or many. */
async function burst(m) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const t0 = performance.now();
  const out = await Promise.all(Array.from({ length: m.total }, (_, i) => (m.plain
    ? get(agent, m.url, m.headers).then((r) => ({ ms: r.ms, status: r.status }))
    : post(agent, m.url,
      { ...m.headers, ...(m.forwarded ? { 'x-forwarded-for': address(m.first + i) } : {}) },
      JSON.stringify({ identity: 'flood-' + m.tag + '-' + i + '@nowhere.example', password: 'wrong-password' })))));
  const statuses = {};
  for (const r of out) statuses[r.status] = (statuses[r.status] || 0) + 1;
  return { ok: true, statuses, times: out.map((r) => r.ms), wall: performance.now() - t0 };
}
parentPort.on('message', async (m) => {
  if (m.kind === 'once') return parentPort.postMessage(await get(single, m.url, m.headers));
  if (m.kind === 'burst') return parentPort.postMessage(await burst(m));
  const agent = new http.Agent({ keepAlive: true, maxSockets: m.concurrency });
  const times = [];
  let sent = 0, failed = null;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: m.concurrency }, async () => {
    while (sent < m.total && !failed) {
      sent++;
      const r = await get(agent, m.url, m.headers);
      if (!r.ok) failed = r; else times.push(r.ms);
    }
  }));
  agent.destroy();
  parentPort.postMessage(failed ? failed : { ok: true, times, wall: performance.now() - t0 });
});`;

interface Reply {
  ms: number; ok: boolean; status: number; text: string; times?: number[]; wall?: number; statuses?: Record<string, number>;
}

export function httpClient() {
  const worker = new Worker(CLIENT, { eval: true });
  const ask = (msg: object, url: string) => new Promise<Reply>((resolve, reject) => {
    worker.once('message', (m: Reply) => (m.ok ? resolve(m) : reject(new Error(`${url}: ${m.status} ${m.text}`))));
    worker.postMessage(msg);
  });
  return {
    /** Elapsed ms of one request. */
    once: async (url: string, headers: Record<string, string>) => (await ask({ kind: 'once', url, headers }, url)).ms,
    /** Latencies of `total` requests kept `concurrency` at a time, and the wall time (ms). */
    load: async (url: string, headers: Record<string, string>, concurrency: number, total: number) => {
      const r = await ask({ kind: 'load', url, headers, concurrency, total }, url);
      return { times: r.times!, wall: r.wall! };
    },
    /**
     * `total` anonymous sign-ins (wrong passwords, unknown identities named after `tag`) sent at once;
     * `forwarded` gives each its own X-Forwarded-For address (the server must trust the loopback proxy),
     * from a random start in 10.0.0.0/8, so bursts never meet the per-address budgets of earlier ones.
     * `plain`: GETs of `url` instead, the cost of any burst of that size.
     */
    burst: async (url: string, headers: Record<string, string>, total: number, o: { forwarded?: boolean; tag?: string; plain?: boolean }) => {
      const first = Math.floor(Math.random() * (2 ** 24 - total));
      const r = await ask({ kind: 'burst', url, headers, total, first, ...o }, url);
      return { statuses: r.statuses!, times: r.times!, wall: r.wall! };
    },
    close: () => worker.terminate(),
  };
}
