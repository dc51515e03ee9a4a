/**
 * The one HTTP transport of the console (DESIGN §5.4): ofetch with cookies, the CSRF header on
 * writes, and every failure normalised to {code, messages, fields} (spec §7 Transport).
 */
import { ofetch, type FetchResponse } from 'ofetch';
import { SIGN_IN_REDIRECT_CODES } from '../../shared/errors';
import { getConfig } from '../config';
import { getCsrfToken } from './csrf';

/** The three backend services of an OpenWare deployment. */
export type Service = 'auth' | 'exchange' | 'applogic';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Query = Record<string, string | number | boolean | null | undefined>;

/** A failed call: the HTTP status plus the server's codes (or messages), and per-field codes for forms. */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    public readonly messages: string[],
    public readonly fields?: Record<string, string[]>,
  ) {
    super(messages[0] ?? `HTTP ${code}`);
    this.name = 'ApiError';
  }
}

/** One page of a list call; `total` is null when the service omits the Total header (Peatio orders, trades). */
export interface ListResult<T> {
  rows: T[];
  total: number | null;
  page: number;
  perPage: number;
  /**
   * How far to trust `total` (`Total-Estimated`): absent or 'exact'; 'estimated' (`true`: the planner's
   * estimate past the exact count's cap); 'at-least' (`lower-bound`: more rows than `total` match, how
   * many more is not known; shown as "10,000+").
   */
  totalKind?: TotalKind;
  /** Keyset cursors (`Next-Cursor` / `Prev-Cursor`): the page after the last row and before the first one. */
  nextCursor?: string | null;
  prevCursor?: string | null;
}

export type TotalKind = 'exact' | 'estimated' | 'at-least';

/** `Total-Estimated` as sent: `true` is the planner's estimate, `lower-bound` a floor. */
export function totalKindOf(header: string | null): TotalKind {
  if (header === 'true') return 'estimated';
  if (header === 'lower-bound') return 'at-least';
  return 'exact';
}

export interface RequestOptions {
  query?: Query;
  /** A plain object is sent as JSON; FormData goes out as multipart. */
  body?: Record<string, unknown> | unknown[] | FormData;
  /** Sent as `Idempotency-Key`: the server makes one row for every submit that carries the same key. */
  idempotencyKey?: string;
  /** Sent as `X-Confirm`: the refusal code the user chose to overrule (a resource's `confirmable`). */
  confirm?: string;
}

let onSignInRequired: (() => void) | null = null;

/** The session store registers here; the transport itself knows nothing about state or routing. */
export function setSignInRequiredHandler(handler: (() => void) | null): void {
  onSignInRequired = handler;
}

function baseUrl(service: Service): string {
  const c = getConfig();
  return service === 'auth' ? c.authUrl : service === 'exchange' ? c.exchangeUrl : c.applogicUrl;
}

function messagesFrom(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const b = body as { errors?: unknown; error?: unknown };
  const raw = b.errors ?? b.error;
  // Peatio answers some failures with a bare string instead of an array (openware-api §1.5).
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.map(String);
  return [];
}

/** Turns whatever ofetch threw into an ApiError; a missing response is a 500 'Server error'. */
export function normaliseError(err: unknown): ApiError {
  if (err instanceof ApiError) return err;
  const res = (err as { response?: Response & { _data?: unknown } } | null)?.response;
  if (!res || !res.status) return new ApiError(500, ['Server error']);
  const body = res._data;
  const messages = messagesFrom(body);
  const fields = body && typeof body === 'object' ? (body as { fields?: Record<string, string[]> }).fields : undefined;
  return new ApiError(res.status, messages.length ? messages : ['Server error'], fields);
}

/**
 * A failed call made outside ofetch (a file upload through XMLHttpRequest, for its progress events):
 * the same ApiError from its status and body, and the same trip to sign-in on a lost session.
 */
export function failureOf(status: number, body: unknown): ApiError {
  const messages = messagesFrom(body);
  const fields = body && typeof body === 'object' ? (body as { fields?: Record<string, string[]> }).fields : undefined;
  const e = status ? new ApiError(status, messages.length ? messages : ['Server error'], fields) : new ApiError(500, ['Server error']);
  if (e.code === 401 && (SIGN_IN_REDIRECT_CODES as readonly string[]).includes(e.messages[0]!)) onSignInRequired?.();
  return e;
}

/** The base URL of a service (config.ts), for a caller that builds its own request (upload.ts). */
export const serviceUrl = (service: Service): string => baseUrl(service);

function raise(err: unknown): never {
  const e = normaliseError(err);
  if (e.code === 401 && (SIGN_IN_REDIRECT_CODES as readonly string[]).includes(e.messages[0])) onSignInRequired?.();
  throw e;
}

function cleanQuery(query?: Query): Record<string, string | number | boolean> | undefined {
  if (!query) return undefined;
  const out: Record<string, string | number | boolean> = {};
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') out[k] = v;
  return out;
}

/** The fetch itself; rejects with whatever ofetch threw (raise() turns that into an ApiError). */
function fetchRaw<T>(service: Service, method: Method, path: string, opts: RequestOptions): Promise<FetchResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const csrf = getCsrfToken();
  if (method !== 'GET' && csrf) headers['X-CSRF-Token'] = csrf;
  if (opts.idempotencyKey) headers['Idempotency-Key'] = opts.idempotencyKey;
  if (opts.confirm) headers['X-Confirm'] = opts.confirm;
  return ofetch.raw<T>(baseUrl(service) + path, {
    method,
    headers,
    credentials: 'include',
    query: cleanQuery(opts.query),
    body: opts.body as BodyInit | Record<string, unknown> | undefined,
    // No silent retries: a repeated write could be applied twice, and retries hide outages.
    retry: 0,
  });
}

/**
 * GETs started before anything asked for them (a direct link's session, abilities and first page:
 * first-load.ts), each handed once to the first identical GET. Their failures wait for that caller,
 * so a refused preload sends nobody to sign-in on its own.
 */
interface Early { response: Promise<FetchResponse<unknown>>; startedAt: number }
const early = new Map<string, Early>();

/** How old a preload may be and still answer: it was meant for the screen that loads right after it. */
export const PRELOAD_TTL_MS = 30_000;

function earlyKey(service: Service, path: string, query?: Query): string {
  const q = Object.entries(cleanQuery(query) ?? {}).map(([k, v]) => [k, String(v)]).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${service} ${path}?${new URLSearchParams(q)}`;
}

/** Starts a GET now for a caller that has not asked yet; a second preload of the same call is a no-op. */
export function preloadGet(service: Service, path: string, query?: Query): void {
  const key = earlyKey(service, path, query);
  if (early.has(key)) return;
  const response = fetchRaw<unknown>(service, 'GET', path, { query });
  // Handled here so an answer nobody takes is no unhandled rejection; the taker still sees the failure.
  response.catch(() => undefined);
  early.set(key, { response, startedAt: Date.now() });
}

/** Forgets every preload: called when the session ends, so none answers for another session. */
export function dropPreloads(): void {
  early.clear();
}

function takeEarly(key: string): Promise<FetchResponse<unknown>> | undefined {
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  return Date.now() - entry.startedAt > PRELOAD_TTL_MS ? undefined : entry.response;
}

async function send<T>(service: Service, method: Method, path: string, opts: RequestOptions): Promise<FetchResponse<T>> {
  const pending = method === 'GET' ? takeEarly(earlyKey(service, path, opts.query)) : undefined;
  try {
    return await ((pending as Promise<FetchResponse<T>> | undefined) ?? fetchRaw<T>(service, method, path, opts));
  } catch (err) {
    raise(err);
  }
}

/** One call; resolves with the parsed body or rejects with an ApiError. */
export async function request<T>(service: Service, method: Method, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send<T>(service, method, path, opts);
  return res._data as T;
}

function intHeader(res: Response, name: string): number | null {
  const raw = res.headers.get(name);
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** A paged GET: reads Total / Page / Per-Page headers and tolerates a missing Total. */
export async function requestList<T>(service: Service, path: string, query: Query = {}): Promise<ListResult<T>> {
  const res = await send<T[]>(service, 'GET', path, { query });
  const rows = Array.isArray(res._data) ? res._data : [];
  return {
    rows,
    total: intHeader(res, 'Total'),
    page: intHeader(res, 'Page') ?? Number(query.page ?? 1),
    perPage: intHeader(res, 'Per-Page') ?? Number(query.limit ?? rows.length),
    totalKind: totalKindOf(res.headers.get('Total-Estimated')),
    nextCursor: res.headers.get('Next-Cursor'),
    prevCursor: res.headers.get('Prev-Cursor'),
  };
}
