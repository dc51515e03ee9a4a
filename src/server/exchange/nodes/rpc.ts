/**
 * One JSON-RPC call over HTTP POST to a node, bounded in every way a node can misbehave: a timeout over
 * the whole exchange (connect, headers, a body that trickles), no redirects, a cap on the body's size,
 * basic auth from the URL's user:password (never echoed in an error), and every failure a NodeError.
 *
 * Numbers are kept as their source text where the caller asks (`exactKeys`): Bitcoin Core sends amounts
 * as JSON numbers (20999999.99999999), which JSON.parse would round through a double.
 */
import { badResponse, NodeError } from './types.js';

export interface RpcOptions { timeoutMs: number; maxBytes: number }
export const RPC_DEFAULTS: RpcOptions = { timeoutMs: 5000, maxBytes: 16 * 1024 * 1024 };

/** The URL without credentials, and the Authorization header they make. */
export function splitCredentials(server: string): { url: string; auth?: string } {
  const u = new URL(server);
  if (!u.username && !u.password) return { url: u.href };
  const auth = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
  u.username = '';
  u.password = '';
  return { url: u.href, auth };
}

/**
 * Quotes the numbers that follow `"<key>":` for the given keys, so JSON.parse keeps their exact text.
 * A small scanner: string literals are copied whole (a memo could hold the same characters), and a
 * listed key followed by a colon and a number gets that number quoted.
 */
export function quoteNumbers(text: string, keys: readonly string[]): string {
  if (keys.length === 0) return text;
  const wanted = new Set(keys);
  const number = /\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/y;
  let out = '', i = 0;
  while (i < text.length) {
    const q = text.indexOf('"', i);
    if (q < 0) { out += text.slice(i); break; }
    let j = q + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    out += text.slice(i, j + 1);
    i = j + 1;
    if (!wanted.has(text.slice(q + 1, j))) continue;
    number.lastIndex = i;
    const m = number.exec(text);
    if (m) {
      out += `${m[0].slice(0, m[0].length - m[1]!.length)}"${m[1]}"`;
      i = number.lastIndex;
    }
  }
  return out;
}

async function readCapped(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) { await reader.cancel(); throw badResponse(`answer over ${maxBytes} bytes`); }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function failure(err: unknown, timedOut: boolean): NodeError {
  if (err instanceof NodeError) return err;
  if (timedOut) return new NodeError('admin.blockchain.node_timeout');
  const cause = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code ?? '';
  return new NodeError('admin.blockchain.node_unreachable', cause || undefined);
}

/**
 * Calls `method` and answers its `result` (or throws the node's JSON-RPC error as `onError` maps it).
 * A JSON-RPC error the caller does not map is a bad response.
 */
export async function rpc(
  server: string, method: string, params: unknown[], opts: RpcOptions,
  extra: { exactKeys?: readonly string[]; onError?(e: { code: number; message: string }): NodeError | undefined } = {},
): Promise<unknown> {
  const { url, auth } = splitCredentials(server);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; controller.abort(); }, opts.timeoutMs);
  try {
    const res = await fetch(url, {
      method: 'POST', redirect: 'manual', signal: controller.signal,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(auth ? { authorization: auth } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const text = await readCapped(res, opts.maxBytes);
    if (res.status >= 300 && res.status < 400) throw badResponse(`redirect ${res.status}`);
    let body: unknown;
    try { body = JSON.parse(quoteNumbers(text, extra.exactKeys ?? [])); } catch { throw badResponse(`HTTP ${res.status}, not JSON`); }
    if (!body || typeof body !== 'object' || Array.isArray(body)) throw badResponse('not a JSON-RPC answer');
    const b = body as { result?: unknown; error?: { code?: unknown; message?: unknown } | null };
    if (b.error) {
      const e = { code: Number(b.error.code), message: String(b.error.message ?? '') };
      throw extra.onError?.(e) ?? badResponse(`error ${e.code}`);
    }
    if (res.status >= 400) throw badResponse(`HTTP ${res.status}`);
    if (!('result' in b)) throw badResponse('no result');
    return b.result;
  } catch (err) {
    throw failure(err, timedOut);
  } finally {
    clearTimeout(timer);
  }
}
