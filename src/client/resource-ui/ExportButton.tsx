/**
 * "Export CSV" in every list's header (issue 17 item 4): the view on screen — its filters, sort, scope
 * and columns — streamed from the server as one file of all its pages. While it runs the header shows
 * the rows received (of the list's total, when it has one) and a Cancel that aborts the request, which
 * stops the server's walk too. Also run from the palette ("Export CSV", list.export).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { exportColumns } from '../../shared/export';
import { toRequestQuery, type ListState } from '../../shared/list-query';
import type { Resource } from '../../shared/resources';
import { exportCsv, type ExportProgress } from '../api/export';
import { notify, notifyFailure } from '../state/toasts';
import { Icon } from '../components/ui/Icon';

export interface ListExport {
  progress: ExportProgress | null;
  start(): void;
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

/** The export of one list view; one at a time per list. */
export function useListExport(r: Resource, state: ListState, fixed?: Readonly<Record<string, string>>): ListExport {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const start = useCallback(() => {
    if (running.current) return;
    const ac = new AbortController();
    running.current = ac;
    setProgress({ rows: 0, total: null, estimated: false });
    const query = { ...toRequestQuery(state, r.service), ...fixed };
    exportCsv(r, query, exportColumns(r).map((c) => c.id), { signal: ac.signal, onProgress: setProgress })
      .then((res) => {
        save(res.blob, res.filename);
        const cut = res.max !== null && res.rows >= res.max;
        notify(cut ? 'error' : 'success', cut
          ? `Exported the first ${n(res.rows)} rows: the export limit. Narrow the filters to export the rest.`
          : `Exported ${n(res.rows)} rows to ${res.filename}`);
      })
      .catch((err) => {
        if (ac.signal.aborted) notify('success', 'Export canceled');
        else notifyFailure(err);
      })
      .finally(() => {
        if (running.current === ac) running.current = null;
        setProgress(null);
      });
  }, [r, state, fixed]);
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
