/**
 * Push over FCM HTTP v1, without the Google SDK: an OAuth2 access token from a service-account JWT
 * (RS256, signed with node:crypto) exchanged at the account's token_uri, cached until a minute before it
 * expires, then `POST {api}/v1/projects/{project_id}/messages:send` per device token.
 *
 * Results: 2xx → success with FCM's message name; 429 → rate_limited, 401/403 → expired_auth, other 4xx
 * (UNREGISTERED, INVALID_ARGUMENT) → rejected, 5xx → failed, with FCM's error status and message; no
 * answer in time (token or send) → failed, timed out. A token that cannot be had fails every message.
 */
import { createSign } from 'node:crypto';
import {
  httpRefusal, jsonOrNull, providerError, thrownResult, withTimeout, type PushMessage, type SendResult, type Transport,
} from './types.js';

/** The fields of a Google service-account key file that FCM needs. */
export interface ServiceAccount { project_id: string; client_email: string; private_key: string; token_uri: string }

export interface FcmOptions { account: ServiceAccount; apiUrl: string; timeoutMs: number; fetch?: typeof fetch; now?: () => number }

const SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const b64url = (s: string | Buffer) => Buffer.from(s).toString('base64url');

/** The signed JWT a service account trades for an access token (RFC 7523). */
export function serviceAccountJwt(a: ServiceAccount, nowSec: number): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = b64url(JSON.stringify({ iss: a.client_email, scope: SCOPE, aud: a.token_uri, iat: nowSec, exp: nowSec + 3600 }));
  const signature = createSign('RSA-SHA256').update(`${head}.${claims}`).sign(a.private_key);
  return `${head}.${claims}.${b64url(signature)}`;
}

class ProviderRefusal extends Error {
  constructor(readonly result: SendResult) { super(result.error); }
}

export function fcmTransport(o: FcmOptions): Transport<PushMessage> {
  const doFetch = o.fetch ?? globalThis.fetch;
  const now = o.now ?? Date.now;
  let cached: { token: string; until: number } | null = null;

  async function post(url: string, init: RequestInit): Promise<{ status: number; body: unknown; text: string }> {
    return withTimeout(o.timeoutMs, async (signal) => {
      const res = await doFetch(url, { ...init, method: 'POST', signal });
      const text = await res.text();
      return { status: res.status, body: jsonOrNull(text), text };
    });
  }

  let pending: Promise<string> | null = null;
  /** One token request at a time: the devices of one push share it. */
  function accessToken(): Promise<string> {
    if (cached && cached.until > now()) return Promise.resolve(cached.token);
    pending ??= fetchToken().finally(() => { pending = null; });
    return pending;
  }

  async function fetchToken(): Promise<string> {
    const assertion = serviceAccountJwt(o.account, Math.floor(now() / 1000));
    const r = await post(o.account.token_uri, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    const b = r.body as { access_token?: unknown; expires_in?: unknown } | null;
    if (r.status !== 200 || typeof b?.access_token !== 'string') {
      const refused = r.status === 200 ? 'failed' : httpRefusal(r.status);
      throw new ProviderRefusal({ result: refused, transport: 'fcm', error: `access token: ${providerError(b, r.text)}`, detail: { http_status: r.status } });
    }
    const ttl = typeof b.expires_in === 'number' ? b.expires_in : 3600;
    cached = { token: b.access_token, until: now() + Math.max(0, ttl - 60) * 1000 };
    return cached.token;
  }

  return {
    name: 'fcm',
    async send(m: PushMessage): Promise<SendResult> {
      try {
        const token = await accessToken();
        const url = `${o.apiUrl.replace(/\/+$/, '')}/v1/projects/${encodeURIComponent(o.account.project_id)}/messages:send`;
        const r = await post(url, {
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ message: { token: m.token, notification: { title: m.title, body: m.body } } }),
        });
        const b = r.body as { name?: unknown; error?: { status?: unknown } } | null;
        if (r.status >= 200 && r.status < 300) {
          return { result: 'success', transport: 'fcm', detail: { http_status: r.status }, ...(typeof b?.name === 'string' ? { provider_message_id: b.name } : {}) };
        }
        // A token FCM refuses may have been revoked: the next message asks for a new one.
        if (r.status === 401) cached = null;
        return {
          result: httpRefusal(r.status), transport: 'fcm', error: providerError(b, r.text),
          detail: { http_status: r.status, ...(typeof b?.error?.status === 'string' ? { status: b.error.status } : {}) },
        };
      } catch (e) {
        return e instanceof ProviderRefusal ? e.result : thrownResult('fcm', e);
      }
    },
  };
}
