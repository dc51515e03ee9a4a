/**
 * The streamed CSV export of a list view (issue 17 item 4): the server's `/admin/exports/<resource>.csv`
 * read chunk by chunk with fetch, so the console can count rows as they arrive and cancel with an
 * AbortController; the file is handed back as a Blob for the browser to save.
 */
import { countRecords, EXPORT_COLUMNS_PARAM, EXPORT_HEADERS, exportPath } from '../../shared/export';
import type { Resource } from '../../shared/resources/define';
import { failureOf, serviceUrl } from './http';
import { SERVICE_OF } from './resources';

export interface ExportProgress {
  /** Data rows received so far (the header line not counted). */
  rows: number;
  /** The list's total (capped at the limit) when it has one; `estimated` when that is the planner's estimate. */
  total: number | null;
  estimated: boolean;
}

export interface ExportResult {
  /** The file, unless the chunks went to `sink` (a file on disk chosen with the browser's save picker). */
  blob: Blob | null;
  filename: string;
  rows: number;
  /** The server's limit; a file of exactly this many rows may have been cut there. */
  max: number | null;
}

/** Downloads the export of `query` (the list's own parameters) with `columns`, reporting progress. */
export async function exportCsv(
  r: Resource, query: Readonly<Record<string, string>>, columns: readonly string[],
  opts: { signal?: AbortSignal; onProgress?: (p: ExportProgress) => void; sink?: (chunk: Uint8Array) => Promise<void> } = {},
): Promise<ExportResult> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== '' && k !== 'page' && k !== 'limit' && k !== 'cursor') q.set(k, v);
  q.set(EXPORT_COLUMNS_PARAM, columns.join(','));
  const res = await fetch(`${serviceUrl(SERVICE_OF[r.service], exportPath(r))}?${q}`, {
    credentials: 'include', headers: { Accept: 'text/csv, application/json' }, signal: opts.signal,
  });
  if (!res.ok) {
    let body: unknown = null;
    try { body = await res.json(); } catch { /* not JSON: the status says enough */ }
    throw failureOf(res.status, body);
  }
  const total = res.headers.get(EXPORT_HEADERS.total);
  const max = res.headers.get(EXPORT_HEADERS.max);
  const estimated = res.headers.get(EXPORT_HEADERS.estimated) !== null;
  const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${r.name}.csv`;
  const parts: BlobPart[] = [];
  let state = { inQuotes: false, records: 0 };
  const decoder = new TextDecoder();
  const report = () => opts.onProgress?.({ rows: Math.max(0, state.records - 1), total: total === null ? null : Number(total), estimated });
  report();
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // With a sink the file goes to disk as it arrives (the browser holds none of it); else into the Blob.
      if (opts.sink) await opts.sink(value); else parts.push(value);
      state = countRecords(decoder.decode(value, { stream: true }), state);
      report();
    }
  } else {
    const text = await res.text();
    if (opts.sink) await opts.sink(new TextEncoder().encode(text)); else parts.push(text);
    state = countRecords(text, state);
    report();
  }
  return { blob: opts.sink ? null : new Blob(parts, { type: 'text/csv;charset=utf-8' }), filename, rows: Math.max(0, state.records - 1), max: max === null ? null : Number(max) };
}
