/**
 * Bodies serialized ahead of the answer. A list's page query usually finishes before its count (the
 * count reads up to COUNT_CAP rows, then asks the planner), so the page can be mapped and serialized
 * while the count still runs; the answer then goes out with no serialization pass after the last query.
 * Fastify sends a string body with a JSON content type as it is.
 */
import type { FastifyReply } from 'fastify';

/** Fastify's own content type for JSON answers. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** The already-serialized `json` as the answer's body (return it from the handler). */
export function serializedBody(reply: FastifyReply, json: string): string {
  reply.type(JSON_TYPE);
  return json;
}
