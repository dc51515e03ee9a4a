/**
 * The file of an upload, taken apart without a library: the one file part of a `multipart/form-data`
 * body (RFC 7578; a browser's FormData), and RFC 4180 CSV (quoted fields with "" escapes and line breaks,
 * CRLF or LF, a UTF-8 BOM dropped). @fastify/multipart would stream the part, but the whole file is
 * validated before anything is written anyway, so a buffer bounded by the upload limit is all it needs;
 * both parsers are small and strict, and every refusal is a code (src/server/applogic/README.md, Tokens →
 * Upload).
 */

/** Why a body or file cannot be read at all (a file-level refusal, not a row's error). */
export class FileError extends Error {
  constructor(readonly code: string, readonly line?: number) { super(code); }
}

const CRLF = Buffer.from('\r\n');

/**
 * The file part of a multipart body: the part named `file` (or the first part with a filename). Other
 * fields are ignored. Refuses a body without a boundary, without a closing delimiter, or without a file.
 */
export function multipartFile(body: Buffer, contentType: string): { filename: string; data: Buffer } {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary) throw new FileError('malformed_multipart');
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  if (at < 0) throw new FileError('malformed_multipart');
  let fallback: { filename: string; data: Buffer } | undefined;
  for (;;) {
    const after = at + delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[after] === 0x2d && body[after + 1] === 0x2d) break;
    if (!body.subarray(after, after + 2).equals(CRLF)) throw new FileError('malformed_multipart');
    const headersEnd = body.indexOf('\r\n\r\n', after + 2);
    if (headersEnd < 0) throw new FileError('malformed_multipart');
    const headers = body.subarray(after + 2, headersEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), headersEnd + 4);
    if (next < 0) throw new FileError('malformed_multipart');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
    const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
    const data = body.subarray(headersEnd + 4, next);
    if (name === 'file') return { filename: filename ?? 'upload.csv', data };
    if (filename !== undefined && !fallback) fallback = { filename, data };
    at = next + 2;
  }
  if (fallback) return fallback;
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
