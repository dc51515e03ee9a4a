/**
 * `multipart/form-data` (RFC 7578; a browser's FormData) taken apart without a library, from a body
 * already bounded by the route's bodyLimit: every part's name, filename and bytes (views of the body, no
 * copy). Strict and linear: each delimiter is searched once from where the last part ended. Used by the
 * tokens' CSV upload (applogic/csv.ts) and the KYC documents (auth/documents). @fastify/multipart would
 * stream parts, but both callers check the whole file before writing anything, so a bounded buffer is
 * all they need, and no dependency is added.
 */

/** Why a body cannot be read at all (a file-level refusal: `malformed_multipart`, `missing_file`, `too_many_parts` …). */
export class FileError extends Error {
  constructor(readonly code: string, readonly line?: number) { super(code); }
}

export interface Part { name: string | undefined; filename: string | undefined; contentType: string | undefined; data: Buffer }

const CRLF = Buffer.from('\r\n');
/** A part's headers past this are not a browser's (name, filename and type fit in far less). */
const MAX_PART_HEADERS = 8 * 1024;

/**
 * The parts of a multipart body, in order. Refuses (FileError `malformed_multipart`) a body without a
 * boundary, a part without its headers' end or its closing delimiter, headers past 8 KiB; past
 * `maxParts` parts it stops at once with `too_many_parts` (10,000 empty parts are refused after the
 * first few, not parsed).
 */
export function multipartParts(body: Buffer, contentType: string, maxParts = Infinity): Part[] {
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = m?.[1] ?? m?.[2];
  if (!boundary || boundary.length > 200) throw new FileError('malformed_multipart');
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.concat([CRLF, delimiter]);
  let at = body.indexOf(delimiter);
  if (at < 0) throw new FileError('malformed_multipart');
  const parts: Part[] = [];
  for (;;) {
    const after = at + delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[after] === 0x2d && body[after + 1] === 0x2d) return parts;
    if (!body.subarray(after, after + 2).equals(CRLF)) throw new FileError('malformed_multipart');
    if (parts.length >= maxParts) throw new FileError('too_many_parts');
    const headersEnd = body.indexOf('\r\n\r\n', after);
    if (headersEnd < 0 || headersEnd - after > MAX_PART_HEADERS) throw new FileError('malformed_multipart');
    const headers = body.subarray(after + 2, headersEnd).toString('utf8');
    const end = body.indexOf(next, headersEnd + 4);
    if (end < 0) throw new FileError('malformed_multipart');
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    parts.push({
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1],
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
      contentType: /^content-type:\s*([^\r\n;]*)/im.exec(headers)?.[1]?.trim().toLowerCase(),
      data: body.subarray(headersEnd + 4, end),
    });
    at = end + 2;
  }
}
