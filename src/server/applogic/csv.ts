/**
 * The file of an upload, taken apart without a library: the one file part of a `multipart/form-data`
 * body (RFC 7578; a browser's FormData), and RFC 4180 CSV (quoted fields with "" escapes and line breaks,
 * CRLF or LF, a UTF-8 BOM dropped). The multipart parser is plugins/multipart.ts. Every refusal is a
 * code (src/server/applogic/README.md, Tokens → Upload).
 */
import { FileError, multipartParts } from '../plugins/multipart.js';

export { FileError };

/**
 * The file part of a multipart body: the part named `file` (or the first part with a filename). Other
 * fields are ignored. Refuses a body without a boundary, without a closing delimiter, or without a file.
 */
export function multipartFile(body: Buffer, contentType: string): { filename: string; data: Buffer } {
  const parts = multipartParts(body, contentType);
  const named = parts.find((p) => p.name === 'file');
  if (named) return { filename: named.filename ?? 'upload.csv', data: named.data };
  const fallback = parts.find((p) => p.filename !== undefined);
  if (fallback) return { filename: fallback.filename!, data: fallback.data };
  throw new FileError('missing_file');
}

/** One CSV record: its fields and the file line it starts on (1-based; the header is line 1). */
export interface CsvRecord { line: number; fields: string[] }

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8 strictly (a byte sequence that is not UTF-8, or a NUL, is a malformed file). */
export function decodeText(data: Buffer): string {
  let text: string;
  try { text = UTF8.decode(data); } catch { throw new FileError('not_utf8'); }
  if (text.includes('\u0000')) throw new FileError('malformed_csv');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * RFC 4180 records. A quote opens a quoted field only at the field's start; inside, `""` is a quote;
 * after the closing quote only a comma or a line break may follow. Blank lines are skipped. Throws
 * FileError('malformed_csv', line) at the first break of those rules (an unterminated quote included).
 */
export function parseCsv(text: string): CsvRecord[] {
  const out: CsvRecord[] = [];
  let line = 1, start = 1;
  let fields: string[] = [], field = '', i = 0;
  /** The field so far was quoted (so an empty one is still a field, and nothing may follow it). */
  let quoted = false;
  const n = text.length;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === '')) out.push({ line: start, fields });
    fields = []; field = ''; quoted = false;
  };
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 && field === '' && !quoted) {
      // A quoted field: up to the closing quote.
      let j = i + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) throw new FileError('malformed_csv', start);
        value += text.slice(j, q);
        for (let k = j; k < q; k++) if (text.charCodeAt(k) === 0x0a) line++;
        if (text.charCodeAt(q + 1) === 0x22) { value += '"'; j = q + 2; continue; }
        i = q + 1;
        break;
      }
      const next = text.charCodeAt(i);
      if (i < n && next !== 0x2c && next !== 0x0a && next !== 0x0d) throw new FileError('malformed_csv', line);
      // The comma or line break after it is the main loop's, as after an unquoted field.
      field = value;
      quoted = true;
      continue;
    }
    if (c === 0x2c) { fields.push(field); field = ''; quoted = false; i++; continue; }
    if (c === 0x0d || c === 0x0a) {
      endRecord();
      i += c === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
      line++; start = line;
      continue;
    }
    // An unquoted field runs to the next comma or line break; a quote inside it is malformed.
    let j = i;
    while (j < n) {
      const d = text.charCodeAt(j);
      if (d === 0x2c || d === 0x0a || d === 0x0d) break;
      if (d === 0x22) throw new FileError('malformed_csv', line);
      j++;
    }
    field += text.slice(i, j);
    i = j;
  }
  if (field !== '' || quoted || fields.length) endRecord();
  return out;
}
