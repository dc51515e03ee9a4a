/**
 * How a resource's calls are spelled. Paths are relative to the service root (`/api/v2/barong`,
 * `/api/v2/peatio`, `/api/v2/applogic`), exactly as the wire dialect has them.
 */

export type Operation = 'list' | 'get' | 'create' | 'update' | 'delete';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One call. `:id` in the path is the row id; otherwise the id travels in the body (or the query, for DELETE). */
export interface Endpoint { method: HttpMethod; path: string }

/**
 * - `verbs`: one path, the HTTP verb says what (Barong admin, and the fork's FAQ calls):
 *   GET list, GET /{id}, POST create, PUT update {id, ...}, DELETE ?id=.
 * - `new-update`: Peatio admin: GET list, GET /{id}, POST /new, POST /update {id, ...}, POST /delete {id}.
 */
export type ApiStyle = 'verbs' | 'new-update';

/** The endpoint declaration of a resource. */
export interface ApiDecl {
  /** e.g. `/admin/email-types`. */
  path: string;
  style: ApiStyle;
  /** The calls the service offers; anything else is not routed and the client hides it. */
  operations: readonly Operation[];
  /** Spellings that differ from the style's. */
  overrides?: Partial<Record<Operation, Endpoint>>;
  /**
   * Read-only lists of an enum field's values at `<path>/<segment>`, as Peatio answers
   * `GET /admin/wallets/kinds` (segment → field name). Routed before `<path>/:id`, which would take them.
   */
  choices?: Readonly<Record<string, string>>;
}

const STYLES: Record<ApiStyle, (p: string) => Record<Operation, Endpoint>> = {
  verbs: (p) => ({
    list: { method: 'GET', path: p },
    get: { method: 'GET', path: `${p}/:id` },
    create: { method: 'POST', path: p },
    update: { method: 'PUT', path: p },
    delete: { method: 'DELETE', path: p },
  }),
  'new-update': (p) => ({
    list: { method: 'GET', path: p },
    get: { method: 'GET', path: `${p}/:id` },
    create: { method: 'POST', path: `${p}/new` },
    update: { method: 'POST', path: `${p}/update` },
    delete: { method: 'POST', path: `${p}/delete` },
  }),
};

export function endpointsFor(api: ApiDecl): Partial<Record<Operation, Endpoint>> {
  const all = STYLES[api.style](api.path);
  const out: Partial<Record<Operation, Endpoint>> = {};
  for (const op of api.operations) out[op] = api.overrides?.[op] ?? all[op];
  return out;
}

/** Fills `:id` of a client-side path. */
export function endpointPath(e: Endpoint, id?: number | string): string {
  return id === undefined ? e.path : e.path.replace(':id', encodeURIComponent(String(id)));
}
