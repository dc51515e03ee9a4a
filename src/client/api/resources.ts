/**
 * The calls of a registry resource, spelled from its definition's endpoints (DESIGN §3): the generic
 * list, form and palette code never writes a path or picks a verb itself.
 */
import type { Operation, Resource } from '../../shared/resources/define';
import { endpointPath } from '../../shared/resources/endpoints';
import { preloadGet, request, requestList, type ListResult, type Query, type Service } from './http';

export type Row = Record<string, unknown> & { id: number };

const SERVICE: Record<Resource['service'], Service> = { barong: 'auth', peatio: 'exchange', applogic: 'applogic' };

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

export function createRow(r: Resource, body: Record<string, unknown>): Promise<Row> {
  const e = endpoint(r, 'create');
  return request<Row>(SERVICE[r.service], e.method, e.path, { body });
}

/** `body` holds the id plus only the changed fields; a path with `:id` carries the id there instead. */
export function updateRow(r: Resource, id: number, changes: Record<string, unknown>): Promise<Row> {
  const e = endpoint(r, 'update');
  const inPath = e.path.includes(':id');
  return request<Row>(SERVICE[r.service], e.method, endpointPath(e, id), { body: inPath ? changes : { id, ...changes } });
}

/** Barong deletes by `?id=`, Peatio by a POST body; a `:id` path needs neither. */
export function deleteRow(r: Resource, id: number): Promise<unknown> {
  const e = endpoint(r, 'delete');
  if (e.path.includes(':id')) return request(SERVICE[r.service], e.method, endpointPath(e, id));
  return e.method === 'DELETE'
    ? request(SERVICE[r.service], 'DELETE', e.path, { query: { id } })
    : request(SERVICE[r.service], e.method, e.path, { body: { id } });
}
