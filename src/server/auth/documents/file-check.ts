/**
 * What an uploaded KYC file is, judged by its bytes alone (never its name or declared type): JPEG, PNG
 * or PDF, walked structurally, or refused. Besides the magic bytes the walk refuses the polyglots we can
 * detect (README.md beside this file, Polyglots):
 * - bytes after the format's end (JPEG's EOI, PNG's IEND, PDF's last %%EOF): a script or HTML tail;
 * - markup a browser could run if it ever sniffed the file (`<script`, `<html`, `<svg` …) anywhere in
 *   the bytes, in a JPEG comment or EXIF, a PNG text chunk, or a PDF's streams (inflated);
 * - PDF active content: JavaScript, launch actions, embedded files, XFA, rich media, form submission
 *   (names matched after `#xx` escapes are undone, in the file and in its Flate streams).
 */
import { crc32, inflateSync } from 'node:zlib';

export type DocumentContentType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** `empty_upload`: no bytes; `invalid_file_type`: not a whole JPEG/PNG/PDF; `unsafe_content`: one with something else in it. */
export type FileRefusal = 'empty_upload' | 'invalid_file_type' | 'unsafe_content';

export type FileVerdict = { ok: true; contentType: DocumentContentType } | { ok: false; code: FileRefusal };

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Markup a browser runs or renders as a page: never expected inside an ID scan. */
const MARKUP = ['<script', '<html', '<svg', '<iframe', '<body', '<object', '<embed', '<!doctype', '<?php', '<meta', 'javascript:'];
/** PDF names that run code, open other files or carry them (after `#xx` escapes are undone). */
const PDF_ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFiles?|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/;
/** How many bytes the PDF's streams may inflate to in all before the file is refused as uncheckable (a zip bomb). */
const INFLATE_BUDGET = 64 * 1_048_576;

/** The offset just past a JPEG's EOI, or -1 when the segments do not walk to one. */
function jpegEnd(b: Buffer): number {
  let i = 2;
  for (;;) {
    if (i + 2 > b.length || b[i] !== 0xff) return -1;
    const marker = b[i + 1]!;
    if (marker === 0xd9) return i + 2;
    if (marker === 0xff) { i++; continue; } // fill byte
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { i += 2; continue; }
    if (i + 4 > b.length) return -1;
    const len = b.readUInt16BE(i + 2);
    if (len < 2) return -1;
    i += 2 + len;
    if (marker !== 0xda) continue;
    // Entropy-coded data after a start of scan runs to the next marker that is not a stuffed 0xFF00 or a restart.
    while (i + 1 < b.length && !(b[i] === 0xff && b[i + 1] !== 0x00 && !(b[i + 1]! >= 0xd0 && b[i + 1]! <= 0xd7))) i++;
  }
}

/** The offset just past a PNG's IEND chunk, or -1 when its chunks (lengths, types, CRCs) do not walk to one. */
function pngEnd(b: Buffer): number {
  let i = 8;
  let first = true;
  while (i + 12 <= b.length) {
    const len = b.readUInt32BE(i);
    const type = b.toString('latin1', i + 4, i + 8);
    if (!/^[A-Za-z]{4}$/.test(type) || (first && type !== 'IHDR') || i + 12 + len > b.length) return -1;
    if (crc32(b.subarray(i + 4, i + 8 + len)) !== b.readUInt32BE(i + 8 + len)) return -1;
    first = false;
    i += 12 + len;
    if (type === 'IEND') return i;
  }
  return -1;
}

/** `#xx` escapes in PDF names undone (`/J#61vaScript` is `/JavaScript`). */
const unescapeNames = (s: string) => s.replace(/#([0-9A-Fa-f]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** The PDF's stream contents, inflated where they inflate; null past the budget. */
function pdfStreams(b: Buffer): Buffer[] | null {
  const out: Buffer[] = [];
  let budget = INFLATE_BUDGET;
  let at = 0;
  for (;;) {
    const s = b.indexOf('stream', at, 'latin1');
    if (s < 0) return out;
    let start = s + 6;
    if (b[start] === 0x0d) start++;
    if (b[start] === 0x0a) start++;
    const e = b.indexOf('endstream', start, 'latin1');
    if (e < 0) return out;
    at = e + 9;
    if (b.toString('latin1', s - 3, s) === 'end') continue;
    try {
      const inflated = inflateSync(b.subarray(start, e), { maxOutputLength: budget, finishFlush: 2 /* Z_SYNC_FLUSH: a stream cut short still yields what it holds */ });
      budget -= inflated.length;
      out.push(inflated);
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return null;
      // Not Flate (a JPEG image inside, raw text): checked as the file's own bytes already.
    }
  }
}

const hasMarkup = (text: string) => MARKUP.some((m) => text.includes(m));

function checkPdf(b: Buffer): FileVerdict {
  const eof = b.lastIndexOf('%%EOF', b.length, 'latin1');
  if (eof < 0) return { ok: false, code: 'invalid_file_type' };
  // After the last %%EOF only end-of-line whitespace: anything else is a tail another reader may take as its own.
  if (!/^[\r\n\t \0]*$/.test(b.toString('latin1', eof + 5))) return { ok: false, code: 'unsafe_content' };
  const streams = pdfStreams(b);
  if (streams === null) return { ok: false, code: 'unsafe_content' };
  for (const chunk of [b, ...streams]) {
    const text = chunk.toString('latin1');
    if (PDF_ACTIVE.test(unescapeNames(text)) || hasMarkup(text.toLowerCase())) return { ok: false, code: 'unsafe_content' };
  }
  return { ok: true, contentType: 'application/pdf' };
}

/** The verdict on an uploaded file's bytes. */
export function checkDocumentFile(b: Buffer): FileVerdict {
  if (b.length === 0) return { ok: false, code: 'empty_upload' };
  if (b.length >= 5 && b.toString('latin1', 0, 5) === '%PDF-' && /^\d\.\d$/.test(b.toString('latin1', 5, 8))) return checkPdf(b);
  let end: number;
  let contentType: DocumentContentType;
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) { end = jpegEnd(b); contentType = 'image/jpeg'; }
  else if (b.subarray(0, 8).equals(PNG_SIGNATURE)) { end = pngEnd(b); contentType = 'image/png'; }
  else return { ok: false, code: 'invalid_file_type' };
  if (end < 0) return { ok: false, code: 'invalid_file_type' };
  // Zero padding after the end (some cameras write it) carries nothing; any other byte is a tail.
  const tail = b.subarray(end);
  if (tail.some((x) => x !== 0) || hasMarkup(b.toString('latin1').toLowerCase())) return { ok: false, code: 'unsafe_content' };
  return { ok: true, contentType };
}
