/**
 * The calls of a registry resource, spelled from its definition's endpoints (DESIGN §3): the generic
 * list, form and palette code never writes a path or picks a verb itself.
 */
import type { ActionDef, BulkDef, CallDef, Operation, Resource, UploadReport } from '../../shared/resources/define';
import { endpointPath } from '../../shared/resources/endpoints';
import { preloadGet, request, requestList, type ListResult, type Query, type Service } from './http';
import type { UploadProgress } from './upload';

/** A row as the wire sends it; its key is `row[r.key]` (keyOf). */
export type Row = Record<string, unknown>;
type Key = number | string;

const SERVICE: Record<Resource['service'], Service> = { barong: 'auth', peatio: 'exchange', applogic: 'applogic' };
/** The client's name of a resource's service (for calls beside the resource's own: choices, calls). */
export const SERVICE_OF = SERVICE;

function endpoint(r: Resource, op: Operation) {
  const e = r.endpoints[op];
  // The UI only offers operations the definition declares, so reaching this is a programming error.
  if (!e) throw new Error(`${r.name} has no '${op}' operation`);
  return e;
}

/** Whether the resource's service offers an operation at all. */
export const offers = (r: Resource, op: Operation): boolean => r.endpoints[op] !== undefined;

export function listRows(r: Resource, query: Query): Promise<ListResult<Row>> {
  return requestList<Row>(SERVICE[r.service], endpoint(r, 'list').path, query);
}

/** Sends a list call ahead of the screen that will make it (first-screen.ts); its identical listRows takes it. */
export function preloadRows(r: Resource, query: Query): void {
  preloadGet(SERVICE[r.service], endpoint(r, 'list').path, query);
}

export function getRow(r: Resource, id: number | string): Promise<Row> {
  const e = endpoint(r, 'get');
  return request<Row>(SERVICE[r.service], 'GET', endpointPath(e, id));
}

/** A random key for one submit: 128 bits as hex (crypto.randomUUID needs a secure context; this does not). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** `idempotencyKey`: the same key on a retried submit of the same body makes one row (where the service honours it). */
/** `confirm`: a refusal code the user overruled (the resource's `confirmable`), sent as X-Confirm. */
export function createRow(r: Resource, body: Record<string, unknown>, idempotencyKey?: string, confirm?: string): Promise<Row> {
  const e = endpoint(r, 'create');
  return request<Row>(SERVICE[r.service], e.method, e.path, { body, idempotencyKey, ...(confirm ? { confirm } : {}) });
}

/** `body` holds the key plus only the changed fields; a path with `:id` carries the key there instead. */
export function updateRow(r: Resource, key: Key, changes: Record<string, unknown>, confirm?: string): Promise<Row> {
  const e = endpoint(r, 'update');
  const inPath = e.path.includes(':id');
  return request<Row>(SERVICE[r.service], e.method, endpointPath(e, key), {
    body: inPath ? changes : { [r.key]: key, ...changes }, ...(confirm ? { confirm } : {}),
  });
}

/** An action with a call of its own: the key and the one field (lock_peer), or the action's own body ({id, action}). */
export function callAction(r: Resource, a: ActionDef, key: Key, value: unknown): Promise<Row> {
  const e = a.endpoint!;
  // A switch holds its values as text ('true'); a boolean field's own call takes a JSON boolean (`{id, enabled: false}`).
  const v = r.fields[a.field]?.kind === 'boolean' && typeof value === 'string' ? value === 'true' : value;
  return request<Row>(SERVICE[r.service], e.method, endpointPath(e, key), { body: { [r.key]: key, ...(a.body ?? { [a.field]: v }) } });
}

/** A bulk action's batch: the rows' keys as a JSON array; answers how many rows it acted on. */
export async function runBulk(r: Resource, b: BulkDef, keys: Key[]): Promise<number> {
  const answer = await request<unknown>(SERVICE[r.service], b.endpoint.method, b.endpoint.path, { body: keys });
  return Array.isArray(answer) ? answer.length : 0;
}

/** A row's call (latest block, scan a block): the key in the path, or in the body beside the params. */
/** A row's call (its key in the path or the body), or a list's (`key` undefined: the params alone). */
export function runCall(r: Resource, c: CallDef, key: Key | undefined, params: Record<string, unknown> = {}): Promise<unknown> {
  const e = c.endpoint;
  if (key === undefined) return request(SERVICE[r.service], e.method, e.path, e.method === 'GET' ? {} : { body: { ...c.body, ...params } });
  if (e.path.includes(':id')) return request(SERVICE[r.service], e.method, endpointPath(e, key), e.method === 'GET' ? {} : { body: { ...c.body, ...params } });
  return request(SERVICE[r.service], e.method, e.path, { body: { [r.key]: key, ...c.body, ...params } });
}

/** Barong deletes by `?id=`, Peatio by a POST body; a `:id` path needs neither. `confirm` as for createRow. */
export function deleteRow(r: Resource, key: Key, confirm?: string): Promise<unknown> {
  const e = endpoint(r, 'delete');
  const c = confirm ? { confirm } : {};
  if (e.path.includes(':id')) return request(SERVICE[r.service], e.method, endpointPath(e, key), c);
  return e.method === 'DELETE'
    ? request(SERVICE[r.service], 'DELETE', e.path, { query: { [r.key]: key }, ...c })
    : request(SERVICE[r.service], e.method, e.path, { body: { [r.key]: key }, ...c });
}

/**
 * A list's file upload (UploadDef): checked only (`dry`), or applied; progress as the body goes out. Its
 * transport loads with the first upload (no list's first load needs it).
 */
export async function uploadRows(r: Resource, file: File, dry: boolean, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal): Promise<UploadReport> {
  const e = r.upload!.endpoint;
  const { uploadFile } = await import('./upload');
  return uploadFile<UploadReport>(SERVICE[r.service], e.method, e.path, file, { query: { dry_run: String(dry) }, onProgress, signal });
}
