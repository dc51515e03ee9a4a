/**
 * A document's file as an answer that no browser runs (README.md beside this file, Serving): its true
 * type (only the three the upload admits are ever stored), `nosniff`, `inline` with a safe filename, a
 * policy under which nothing runs or loads, framable only by the console's own origin, never cached.
 */
import type { FastifyReply } from 'fastify';

/** `default-src 'none'` loads nothing, `sandbox` runs nothing; an image or PDF needs neither. */
export const DOCUMENT_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

export function sendDocument(reply: FastifyReply, d: { id: number; content_type: string; filename: string; content: Uint8Array }) {
  // The stored name is already [A-Za-z0-9._-] (fields.ts safeFilename); the quotes need no escaping.
  const content = Buffer.from(d.content.buffer, d.content.byteOffset, d.content.byteLength);
  return reply
    .header('content-type', d.content_type)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename="${d.filename}"`)
    .header('content-security-policy', DOCUMENT_CSP)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(content);
}
