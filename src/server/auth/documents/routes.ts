/**
 * KYC documents (issue 27 item 2; README.md beside this file):
 * - `POST /resource/documents` (a signed-in account's own; multipart: doc_type, doc_number, doc_expire,
 *   doc_category, identificator, metadata, and one or more `upload` / `upload[]` file parts, each made a
 *   document with the same fields, as Barong does). All or nothing: every part is checked before one row
 *   is written; 201 with the documents made.
 * - `GET /resource/documents`: the caller's own; `GET /resource/documents/:id`: the caller's own file.
 * - `GET /admin/documents/:id` (read Document): the file for staff, each read audited.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { idStruct } from '../../../shared/resources/field-structs.js';
import { documentFile, documentsOf, insertDocument, lockedDocumentCount } from '../../db/queries/documents.js';
import { insertActivity } from '../../db/queries/activities.js';
import { recordAdminActivity } from '../../plugins/audit.js';
import { ApiError, fail } from '../../plugins/errors.js';
import { FileError, multipartParts, type Part } from '../../plugins/multipart.js';
import { requireAbility } from '../require-ability.js';
import { documentEntity } from './entity.js';
import { checkDocumentFile, type DocumentContentType } from './file-check.js';
import { documentFields, fieldText, safeFilename } from './fields.js';
import { sendDocument } from './serve.js';
import { lockUser } from '../../db/queries/customer.js';
import { privateLabels } from '../../db/queries/labels.js';
import { setOwnLabel } from '../customer/common.js';

const ID = idStruct();
/** Six text fields and a few files: past this a body is not a browser's form (10,000 parts stop here). */
export const MAX_PARTS = 16;
/** Room for the text fields and the parts' headers on top of the file limit. */
const FORM_OVERHEAD = 64 * 1024;
const TEXT_FIELDS = ['doc_type', 'doc_number', 'doc_expire', 'doc_category', 'identificator', 'metadata'] as const;

const refuse = (status: number, code: string, field?: string) =>
  new ApiError(status, [`resource.document.${code}`], field ? { [field]: [`resource.document.${code}`] } : undefined);

function signedIn(req: FastifyRequest): number {
  if (!req.auth) fail(401, 'authz.invalid_session');
  return req.auth.user.id;
}

interface Checked { fields: ReturnType<typeof documentFields>; files: { part: Part; contentType: DocumentContentType }[] }

/** The whole form checked: parts, text fields, then every file's bytes. Throws the first refusal. */
function checkForm(body: unknown, contentType: string, maxBytes: number, today: string): Checked {
  if (!Buffer.isBuffer(body) || !contentType.toLowerCase().startsWith('multipart/form-data')) throw refuse(415, 'not_multipart');
  let parts: Part[];
  try { parts = multipartParts(body, contentType, MAX_PARTS); } catch (err) {
    if (err instanceof FileError) throw err.code === 'too_many_parts' ? refuse(413, 'too_many_parts') : refuse(400, 'malformed_multipart');
    throw err;
  }
  const raw: Record<string, string | null> = {};
  for (const p of parts) {
    if (p.name && (TEXT_FIELDS as readonly string[]).includes(p.name) && p.filename === undefined) raw[p.name] = fieldText(p.data);
  }
  const fields = documentFields(raw, today);
  const uploads = parts.filter((p) => p.name === 'upload' || p.name === 'upload[]');
  if (uploads.length === 0) throw refuse(422, 'missing_upload', 'upload');
  const files = uploads.map((part) => {
    if (part.data.length > maxBytes) throw refuse(413, 'upload_too_large', 'upload');
    const verdict = checkDocumentFile(part.data);
    if (!verdict.ok) throw refuse(422, verdict.code, 'upload');
    return { part, contentType: verdict.contentType };
  });
  return { fields, files };
}

/**
 * Barong's Document#create_or_update_document_label: new documents put the private `document` label to
 * `pending` — what puts the applicant in staff's pending-applications queue — unless the documents were
 * already verified (a verified customer adding a document keeps their level). In the upload's transaction.
 */
async function markDocumentsPending(trx: Transaction<DB>, userId: number, now: Date): Promise<void> {
  const label = (await privateLabels(trx, userId)).find((l) => l.key === 'document');
  if (label?.value === 'verified' || label?.value === 'pending') return;
  const user = (await lockUser(trx, userId)) ?? fail(401, 'authz.invalid_session');
  await setOwnLabel(trx, user, 'document', 'pending', now);
}

export function documentRoutes(app: FastifyInstance): void {
  const { maxBytes, maxPerUser } = app.deps.config.documents;
  const db = () => app.deps.db.kysely;

  // This scope alone reads multipart bodies, bounded by the document limit; every other route keeps its parsers.
  void app.register(async (scope) => {
    scope.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: maxBytes + FORM_OVERHEAD }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err) => {
      const code = (err as { code?: string }).code;
      if (code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw refuse(413, 'upload_too_large', 'upload');
      if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw refuse(415, 'not_multipart');
      throw err;
    });
    scope.post('/resource/documents', {
      bodyLimit: maxBytes + FORM_OVERHEAD,
      // No session, no body read: an anonymous caller never makes the server buffer a file.
      preParsing: async (req, _reply, payload) => { signedIn(req); return payload; },
    }, async (req, reply) => {
      const userId = signedIn(req);
      const raw = req.body;
      // What is logged of this call (the gateway's AUDIT rows for staff, our activity) is its size, never the bytes.
      req.body = { bytes: Buffer.isBuffer(raw) ? raw.length : undefined };
      const today = app.deps.now().toISOString().slice(0, 10);
      const activity = (result: 'succeed' | 'failed', data: Record<string, unknown>) => ({
        category: 'user' as const, userId, targetId: userId, userIp: req.ip ?? null,
        userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
        topic: 'documents', action: 'upload', result, data,
      });
      let checked: Checked;
      try { checked = checkForm(raw, String(req.headers['content-type'] ?? ''), maxBytes, today); } catch (err) {
        if (err instanceof ApiError) await insertActivity(db(), activity('failed', { ...(req.body as object), errors: err.codes }));
        throw err;
      }
      const { fields, files } = checked;
      const rows = await db().transaction().execute(async (trx) => {
        if (await lockedDocumentCount(trx, userId) + files.length > maxPerUser) throw refuse(422, 'limit_reached');
        const out = [];
        for (const f of files) {
          out.push(await insertDocument(trx, {
            user_id: userId, ...fields, content_type: f.contentType, filename: safeFilename(f.part.filename, f.contentType),
            content: Buffer.from(f.part.data), sha256: createHash('sha256').update(f.part.data).digest('hex'),
          }));
        }
        await markDocumentsPending(trx, userId, app.deps.now());
        await insertActivity(trx, activity('succeed', {
          doc_type: fields.doc_type, documents: out.map((d) => ({ id: d.id, content_type: d.content_type, bytes: d.byte_size })),
        }));
        return out;
      }).catch(async (err) => {
        if (err instanceof ApiError) await insertActivity(db(), activity('failed', { ...(req.body as object), errors: err.codes }));
        throw err;
      });
      req.audited = true;
      return reply.status(201).send(rows.map((d) => documentEntity(d, 'customer')));
    });
  });

  app.get('/resource/documents', async (req) => {
    const userId = signedIn(req);
    return (await documentsOf(db(), [userId])).map((d) => documentEntity(d, 'customer'));
  });

  app.get<{ Params: { id: string } }>('/resource/documents/:id', async (req, reply) => {
    const userId = signedIn(req);
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'admin.document.invalid_id');
    const d = await documentFile(db(), id);
    // Another account's document is as absent as one that never was.
    if (!d || d.user_id !== userId) fail(404, 'admin.document.doesnt_exist');
    return sendDocument(reply, d);
  });

  app.get<{ Params: { id: string } }>('/admin/documents/:id', async (req, reply) => {
    await requireAbility(req, 'read', 'Document', 'barong');
    const [err, id] = ID.validate(req.params.id, { coerce: true });
    if (err) fail(422, 'admin.document.invalid_id');
    const d = await documentFile(db(), id);
    if (!d) fail(404, 'admin.document.doesnt_exist');
    // Every staff look at a document is on the record; a look that cannot be recorded is not served.
    await recordAdminActivity(db(), req, {
      topic: 'documents', action: 'read', result: 'succeed', targetUid: d.uid,
      data: { document_id: d.id, doc_type: d.doc_type, content_type: d.content_type },
    });
    req.audited = true;
    return sendDocument(reply, d);
  });
}
