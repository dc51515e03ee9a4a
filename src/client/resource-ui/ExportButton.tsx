/**
 * "Export CSV" in every list's header (issue 17 item 4): the view on screen — its filters, sort, scope
 * and columns — streamed from the server as one file of all its pages. While it runs the header shows
 * the rows received (of the list's total, when it has one) and a Cancel that aborts the request, which
 * stops the server's walk too. Also run from the palette ("Export CSV", list.export).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { exportColumns } from '../../shared/export';
import { toRequestQuery, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources/define';
import { exportCsv, type ExportProgress } from '../api/export';
import { notify, notifyFailure } from '../state/toasts';
import { counted } from '../i18n';
import { Icon } from '../components/ui/Icon';

export interface ListExport {
  progress: ExportProgress | null;
  start(): void | Promise<void>;
  cancel(): void;
}

/** Hands the file to the browser as a download. */
function save(blob: Blob, filename: string): void {
  if (typeof URL.createObjectURL !== 'function') return;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const n = (x: number) => x.toLocaleString('en-US');

/** The writable end of a file on disk (the File System Access API), as far as the export uses it. */
interface FileSink { write(chunk: Uint8Array): Promise<void>; close(): Promise<void>; abort(): Promise<void> }
type SavePicker = (o: { suggestedName: string; types: { description: string; accept: Record<string, string[]> }[] }) => Promise<{ createWritable(): Promise<FileSink> }>;

/**
 * Where the browser offers it (Chromium's showSaveFilePicker), the file is chosen first and the stream
 * written to it as it arrives, so a million rows never sit in the page's memory; elsewhere the file is
 * collected as a Blob and downloaded at the end. Null: no picker; 'canceled': the user closed it.
 */
async function pickFile(name: string): Promise<FileSink | null | 'canceled'> {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  if (typeof picker !== 'function') return null;
  try {
    const handle = await picker({ suggestedName: `${name}.csv`, types: [{ description: 'CSV', accept: { 'text/csv': ['.csv'] } }] });
    return await handle.createWritable();
  } catch (err) {
    return (err as { name?: string })?.name === 'AbortError' ? 'canceled' : null;
  }
}

/** The export of one list view; one at a time per list. */
export function useListExport(r: Resource, state: ListState, fixed?: Readonly<Record<string, string>>, columns?: readonly string[]): ListExport {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = useCallback(async () => {
    if (running.current) return;
    const ac = new AbortController();
    running.current = ac;
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
    const file = await pickFile(`${r.name}-${stamp}Z`);
    if (file === 'canceled') { running.current = null; return; }
    setProgress({ rows: 0, total: null, estimated: false });
    const query = { ...toRequestQuery(state, r.service), ...fixed };
    exportCsv(r, query, columns ? [...columns] : exportColumns(r).map((c) => c.id), {
      signal: ac.signal, onProgress: setProgress, ...(file ? { sink: (chunk: Uint8Array) => file.write(chunk) } : {}),
    })
      .then(async (res) => {
        if (file) await file.close(); else if (res.blob) save(res.blob, res.filename);
        const cut = res.max !== null && res.rows >= res.max;
        notify(cut ? 'error' : 'success', cut
          ? `Exported the first ${n(res.rows)} rows: the export limit. Narrow the filters to export the rest.`
          : `Exported ${counted(res.rows, 'row')}${file ? '' : ` to ${res.filename}`}`);
      })
      .catch((err) => {
        if (file) void file.abort().catch(() => undefined);
        if (ac.signal.aborted) notify('success', 'Export canceled');
        else notifyFailure(err);
      })
      .finally(() => {
        if (running.current === ac) running.current = null;
        setProgress(null);
      });
  }, [r, state, fixed, columns]);
  const cancel = useCallback(() => running.current?.abort(), []);
  return { progress, start, cancel };
}

/** The header's button, or — while exporting — the progress and Cancel. */
export function ExportButton({ exp }: { exp: ListExport }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const busy = exp.progress !== null;
  // Focus follows the control that replaced the one pressed, so Enter, Enter cancels.
  useEffect(() => { if (busy) cancelRef.current?.focus(); }, [busy]);
  if (!exp.progress) {
    return (
      <button type="button" className="btn btn-secondary btn-sm" onClick={exp.start} title="Download every row of this view as CSV">
        <Icon name="logs" />
        Export CSV
      </button>
    );
  }
  const { rows, total, estimated } = exp.progress;
  const of = total !== null && total > 0 ? ` of ${estimated ? '≈' : ''}${n(total)}` : '';
  return (
    <span className="export-progress">
      {total !== null && total > 0 && <progress max={total} value={Math.min(rows, total)} aria-hidden="true" />}
      <span role="status" aria-live="polite">Exporting {n(rows)}{of} rows…</span>
      <button type="button" ref={cancelRef} className="btn btn-secondary btn-sm" onClick={exp.cancel}>Cancel</button>
    </span>
  );
}
