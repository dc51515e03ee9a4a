/**
 * The text fields of a document upload, checked as Barong's Document model checks them (types, number
 * format, expiry not past), every refusal a code under its field. The file parts are file-check.ts's.
 */
import { isCalendarDay } from '../../../shared/calendar.js';
import {
  DOC_NUMBER, DOCUMENT_CATEGORIES, DOCUMENT_METADATA_MAX, DOCUMENT_TYPES, IDENTIFICATOR,
} from '../../../shared/documents.js';
import { ApiError } from '../../plugins/errors.js';

export interface DocumentFields {
  doc_type: string; doc_number: string; doc_expire: string | null; doc_category: string | null;
  identificator: string | null; metadata: string | null;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A field part's text: strict UTF-8, no NUL (PostgreSQL text refuses it); null when it is not text. */
export function fieldText(data: Buffer): string | null {
  try {
    const s = UTF8.decode(data);
    return s.includes('\u0000') ? null : s;
  } catch { return null; }
}

/** The fields checked; throws 422 with every field's code. `today` is YYYY-MM-DD (UTC). */
export function documentFields(raw: Record<string, string | null | undefined>, today: string): DocumentFields {
  const fields: Record<string, string[]> = {};
  const bad = (field: string, code: string) => { fields[field] = [`resource.document.${code}`]; };
  const opt = (k: string) => { const v = raw[k]; return v === undefined || v === '' ? null : v; };
  const docType = opt('doc_type');
  if (raw.doc_type === null) bad('doc_type', 'invalid_doc_type');
  else if (docType === null) bad('doc_type', 'missing_doc_type');
  else if (!(DOCUMENT_TYPES as readonly string[]).includes(docType)) bad('doc_type', 'invalid_doc_type');
  const number = opt('doc_number')?.trim() ?? null;
  if (raw.doc_number === null) bad('doc_number', 'invalid_doc_number');
  else if (!number) bad('doc_number', 'missing_doc_number');
  else if (!DOC_NUMBER.test(number)) bad('doc_number', 'invalid_doc_number');
  const expire = opt('doc_expire');
  if (raw.doc_expire === null || (expire !== null && !isCalendarDay(expire))) bad('doc_expire', 'invalid_doc_expire');
  else if (expire !== null && expire < today) bad('doc_expire', 'already_expired');
  const category = opt('doc_category');
  if (raw.doc_category === null || (category !== null && !(DOCUMENT_CATEGORIES as readonly string[]).includes(category))) bad('doc_category', 'invalid_doc_category');
  const identificator = opt('identificator');
  if (raw.identificator === null || (identificator !== null && !IDENTIFICATOR.test(identificator))) bad('identificator', 'invalid_identificator');
  const metadata = opt('metadata');
  if (raw.metadata === null || (metadata !== null && !isJsonObject(metadata))) bad('metadata', 'invalid_metadata');
  const codes = Object.values(fields).flat();
  if (codes.length > 0) throw new ApiError(422, codes, fields);
  return { doc_type: docType!, doc_number: number!, doc_expire: expire, doc_category: category, identificator, metadata };
}

function isJsonObject(s: string): boolean {
  if (s.length > DOCUMENT_METADATA_MAX) return false;
  try {
    const v: unknown = JSON.parse(s);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  } catch { return false; }
}

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'application/pdf': 'pdf' };

/**
 * The name a file is kept and served under: the sent name's last path segment, only letters, digits,
 * dots, dashes and underscores (others become `_`), at most 100, always ending in the detected type's
 * extension (a `passport.html` that is a PNG is kept as `passport.html.png`).
 */
export function safeFilename(sent: string | undefined, contentType: string): string {
  const ext = EXTENSION[contentType]!;
  const base = (sent ?? '').split(/[\\/]/).pop()!.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._]+/, '').slice(0, 90);
  const stem = base.replace(new RegExp(`\\.(${ext}|jpeg)$`, 'i'), '');
  return `${stem || 'document'}.${ext}`;
}
