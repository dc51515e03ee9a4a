/**
 * SMS over a provider's HTTP API. The contract (src/server/messaging/README.md, Message providers) is a small
 * Twilio-like JSON POST that any provider is an adapter away from:
 *
 *   POST <SMS_HTTP_URL>   Authorization: Bearer <SMS_HTTP_TOKEN>   Content-Type: application/json
 *   {"to": "+447700900123", "from": "Steward" | null, "body": "…", "service": "twilio"}
 *   2xx → {"id": "SM…", "status": "queued" | "accepted" | "submitted" | "sent" | "delivered" | …}
 *   4xx/5xx → {"message": "…"} (or {"error": "…"})
 *
 * Results: a 2xx with no status → success; a status that is a service-log result (accepted, submitted,
 * delivered, …) → that result; queued → accepted, sending/sent → submitted, anything else → unknown.
 * 429 → rate_limited, 401/403 → expired_auth, other 4xx → rejected, 5xx → failed, no answer → failed.
 */
import { SERVICE_LOG_RESULTS } from '../../shared/logs.js';
import {
  httpRefusal, jsonOrNull, providerError, thrownResult, withTimeout, type SendResult, type ServiceLogResult, type SmsMessage, type Transport,
} from './types.js';

export interface SmsHttpOptions { url: string; token?: string; timeoutMs: number; fetch?: typeof fetch }

const ALIASES: Record<string, ServiceLogResult> = { queued: 'accepted', sending: 'submitted', sent: 'submitted', ok: 'success' };

function statusResult(status: unknown): ServiceLogResult {
  if (status === undefined || status === null || status === '') return 'success';
  const s = String(status).toLowerCase();
  if ((SERVICE_LOG_RESULTS as readonly string[]).includes(s)) return s as ServiceLogResult;
  return ALIASES[s] ?? 'unknown';
}

export function smsHttpTransport(o: SmsHttpOptions): Transport<SmsMessage> {
  const doFetch = o.fetch ?? globalThis.fetch;
  return {
    name: 'sms_http',
    async send(m: SmsMessage): Promise<SendResult> {
      try {
        const { status, text } = await withTimeout(o.timeoutMs, async (signal) => {
          const res = await doFetch(o.url, {
            method: 'POST', signal,
            headers: { 'content-type': 'application/json', accept: 'application/json', ...(o.token ? { authorization: `Bearer ${o.token}` } : {}) },
            body: JSON.stringify({ to: m.to, from: m.from, body: m.text, service: m.service }),
          });
          return { status: res.status, text: await res.text() };
        });
        const body = jsonOrNull(text) as { id?: unknown; status?: unknown } | null;
        if (status >= 200 && status < 300) {
          return {
            result: statusResult(body?.status), transport: 'sms_http', detail: { http_status: status, status: body?.status ?? null },
            ...(body?.id !== undefined && body.id !== null ? { provider_message_id: String(body.id) } : {}),
          };
        }
        return { result: httpRefusal(status), transport: 'sms_http', error: providerError(body, text), detail: { http_status: status } };
      } catch (e) {
        return thrownResult('sms_http', e);
      }
    },
  };
}
