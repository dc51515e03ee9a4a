/**
 * What every message transport answers: one service-log result (spec §4's enum) and what the provider
 * said, so a row in the service logs tells what happened to the message without reading server logs.
 */
import type { SERVICE_LOG_RESULTS } from '../../shared/logs.js';

export type ServiceLogResult = (typeof SERVICE_LOG_RESULTS)[number];

/** Which transport carried (or would have carried) a message. */
export type TransportName = 'log' | 'smtp' | 'sms_http' | 'fcm';

export interface SendResult {
  result: ServiceLogResult;
  transport: TransportName;
  /** The provider's id of the message (an SMTP message id, an SMS id, an FCM message name). */
  provider_message_id?: string;
  /** Why it failed, in the provider's words where it gave any. */
  error?: string;
  /** Set when the call was cut off: the provider did not answer within this many ms. */
  timed_out_after_ms?: number;
  /** The provider's status or HTTP code, and for the log transport what would have been sent. */
  detail?: Record<string, unknown>;
}

export interface EmailMessage { to: string; subject: string; text: string }
/** `from` is the sender configured for the provider and the recipient's country (SMS sender configs), if any. */
export interface SmsMessage { to: string; from: string | null; text: string; service: string }
/** `token` is the device's registration token (a device's device_id). */
export interface PushMessage { token: string; title: string; body: string }

export interface Transport<M> {
  readonly name: TransportName;
  send(message: M): Promise<SendResult>;
}

/** The little of a logger the transports use (Fastify's pino logger fits). */
export interface MessageLog { info(obj: object, msg: string): void }

/** Thrown into a provider call cut off by its timeout. */
export class TimedOut extends Error {
  constructor(readonly ms: number) { super(`timed out after ${ms} ms`); }
}

/**
 * Runs a provider call with a deadline: the signal aborts at `ms` (fetch stops at once) and the promise
 * rejects with TimedOut even when the call ignores the signal (an SMTP session), after `onTimeout`
 * (closing its socket) has run.
 */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>, onTimeout?: () => void): Promise<T> {
  const ac = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const e = new TimedOut(ms);
      ac.abort(e);
      try { onTimeout?.(); } catch { /* closing what hangs is best effort */ }
      reject(e);
    }, ms);
  });
  try {
    return await Promise.race([run(ac.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** The result of a call that threw: a timeout says so with its limit, anything else carries its message. */
export function thrownResult(transport: TransportName, e: unknown): SendResult {
  if (e instanceof TimedOut) return { result: 'failed', transport, error: e.message, timed_out_after_ms: e.ms };
  const err = e as { message?: string; code?: string; cause?: { code?: string; message?: string } };
  const message = err?.cause?.message && err.message === 'fetch failed' ? `fetch failed: ${err.cause.message}` : (err?.message ?? String(e));
  return { result: 'failed', transport, error: message.slice(0, 500), ...(err?.code ? { detail: { code: err.code } } : {}) };
}

/** An HTTP refusal as a result: 429 rate_limited, 401/403 expired_auth, other 4xx rejected, anything else failed. */
export function httpRefusal(status: number): ServiceLogResult {
  if (status === 429) return 'rate_limited';
  if (status === 401 || status === 403) return 'expired_auth';
  return status >= 400 && status < 500 ? 'rejected' : 'failed';
}

/** The error text of a provider's JSON or text answer, cut to a loggable length. */
export function providerError(body: unknown, text: string): string {
  const b = body as { message?: unknown; error?: unknown } | null;
  const nested = b && typeof b.error === 'object' && b.error ? (b.error as { message?: unknown }).message : undefined;
  const msg = [nested, b?.message, b?.error].find((x) => typeof x === 'string' && x) as string | undefined;
  return (msg ?? text ?? '').slice(0, 500) || 'no message';
}

/** Parses a JSON answer, or null (a provider's HTML error page). */
export function jsonOrNull(text: string): unknown {
  try { return JSON.parse(text); } catch { return null; }
}
