/**
 * The providers' statuses and the webhook body (src/server/applogic/README.md, Provider transactions). Each
 * provider's own status words map onto the transaction's states; the body is checked field by field (after the
 * signature, never before) into an event, or the code that says what is wrong with it.
 */
import type { Provider } from '../../shared/resources/provider-transactions.js';
import { nestsDeeperThan, MAX_DEPTH, storableText } from '../plugins/input.js';
import { AMOUNT_TEXT as AMOUNT, toUnits } from '../../shared/decimal.js';

export type TxState = 'pending' | 'processing' | 'completed' | 'failed' | 'refunded';

/** Each provider's status → our state (Simplex payment, Banxa order, Stripe payment intent statuses). */
export const STATUS_MAP: Record<Provider, Readonly<Record<string, TxState>>> = {
  simplex: {
    pending_simplex_approval: 'pending', approved: 'processing', completed: 'completed', declined: 'failed', cancelled: 'failed',
    refunded: 'refunded',
  },
  banxa: {
    pendingPayment: 'pending', waitingPayment: 'pending', paymentReceived: 'processing', inProgress: 'processing',
    coinTransferred: 'processing', complete: 'completed', cancelled: 'failed', declined: 'failed', expired: 'failed', refunded: 'refunded',
  },
  stripe: {
    requires_payment_method: 'pending', processing: 'processing', succeeded: 'completed', canceled: 'failed', payment_failed: 'failed',
    refunded: 'refunded',
  },
};

/** Ties between events of one instant go to the later stage. */
export const RANK: Record<TxState, number> = { pending: 0, processing: 1, completed: 2, failed: 2, refunded: 3 };

/** Whether a transaction in `from` may move to `to`: failed and refunded are final, completed only goes to refunded. */
export function mayMove(from: TxState, to: TxState): boolean {
  if (from === to) return from !== 'refunded' && from !== 'failed';
  if (from === 'failed' || from === 'refunded') return false;
  if (from === 'completed') return to === 'refunded';
  return true;
}

export interface ProviderEvent {
  event_id: string; reference: string; status: string; state: TxState; occurred_at: Date; uid: string;
  fiat_amount: string; fiat_currency: string; crypto_amount: string; crypto_currency: string; fee: string;
  payload: Record<string, unknown>;
}

/** What is wrong with a body: `malformed_body` (not a JSON object), or a field and its code. */
export type BodyProblem = { code: 'malformed_body' } | { code: string; field: string };

const ID = /^[\x21-\x7e]{1,128}$/;
const CURRENCY = /^[a-z0-9]{2,10}$/;
const UID = /^[A-Za-z0-9]{1,32}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

function storable(v: unknown): boolean {
  if (typeof v === 'string') return storableText(v);
  if (v === null || typeof v !== 'object') return true;
  return Object.entries(v as Record<string, unknown>).every(([k, x]) => storableText(k) && storable(x));
}

/** The raw body as an event of `provider`, or its problem. */
export function parseEvent(provider: Provider, raw: Buffer): ProviderEvent | BodyProblem {
  const text = raw.toString('utf8');
  if (!text || nestsDeeperThan(text, MAX_DEPTH)) return { code: 'malformed_body' };
  let body: unknown;
  try { body = JSON.parse(text); } catch { return { code: 'malformed_body' }; }
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !storable(body)) return { code: 'malformed_body' };
  const b = body as Record<string, unknown>;
  const bad = (field: string) => ({ code: `invalid_${field}`, field });
  const str = (k: string, re: RegExp) => (typeof b[k] === 'string' && re.test(b[k] as string) ? (b[k] as string) : undefined);
  const event_id = str('event_id', ID); if (!event_id) return bad('event_id');
  const reference = str('reference', ID); if (!reference) return bad('reference');
  if (typeof b.status !== 'string' || !b.status) return bad('status');
  const state = Object.hasOwn(STATUS_MAP[provider], b.status) ? STATUS_MAP[provider][b.status] : undefined;
  if (!state) return { code: 'unknown_status', field: 'status' };
  const occurredText = str('occurred_at', ISO);
  const occurred_at = occurredText ? new Date(occurredText) : undefined;
  if (!occurred_at || Number.isNaN(occurred_at.getTime())) return bad('occurred_at');
  const uid = str('uid', UID); if (!uid) return bad('uid');
  const amount = (k: string) => { const v = str(k, AMOUNT); return v !== undefined && toUnits(v) > 0n ? v : undefined; };
  const fiat_amount = amount('fiat_amount'); if (!fiat_amount) return bad('fiat_amount');
  const fiat_currency = typeof b.fiat_currency === 'string' && CURRENCY.test(b.fiat_currency.toLowerCase()) ? b.fiat_currency.toLowerCase() : undefined;
  if (!fiat_currency) return bad('fiat_currency');
  const crypto_amount = amount('crypto_amount'); if (!crypto_amount) return bad('crypto_amount');
  const crypto_currency = typeof b.crypto_currency === 'string' && CURRENCY.test(b.crypto_currency.toLowerCase()) ? b.crypto_currency.toLowerCase() : undefined;
  if (!crypto_currency) return bad('crypto_currency');
  let fee = '0';
  if (b.fee !== undefined && b.fee !== null) {
    const f = str('fee', AMOUNT); if (f === undefined) return bad('fee');
    fee = f;
  }
  if (toUnits(fee) > toUnits(crypto_amount)) return { code: 'fee_exceeds_amount', field: 'fee' };
  return {
    event_id, reference, status: b.status, state, occurred_at, uid: uid.toUpperCase(), fiat_amount, fiat_currency, crypto_amount,
    crypto_currency, fee, payload: b,
  };
}
