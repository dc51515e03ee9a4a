/**
 * A list's file upload (ResourceDecl.upload: tokens' CSV). Choosing a file checks it at once (a dry run:
 * nothing is written); the dialog shows how many rows it has, the first rows as they would be stored and
 * every bad line's errors (line numbers of the file, the header being line 1). Apply, offered only for a
 * file without errors, sends it again to be applied all-or-nothing. While a file is on its way, a bar shows
 * the bytes sent; once all are out, "Checking N rows…" / "Applying…" until the server answers.
 */
import { useRef, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { labelOf, uploadTemplate, type Resource, type UploadReport } from '../../shared/resources/define';
import { normaliseError } from '../api';
import { uploadRows } from '../api/resources';
import type { UploadProgress } from '../api/upload';
import { counted, t } from '../i18n';
import { errorText } from '../i18n/error-text';
import { notifySuccess } from '../state/toasts';

interface Props { resource: Resource; onClose(): void; onDone(): void }

const size = (n: number) => (n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`);
const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * A refusal of the whole file, with the lines or columns it names (`fields`: `line.N` or a column): "… lacks
 * a required column. (columns: name, code)" — the columns the server found missing, unknown or repeated.
 */
function failureText(err: unknown): string {
  const e = normaliseError(err);
  const keys = Object.keys(e.fields ?? {});
  const lines = keys.filter((k) => k.startsWith('line.')).map((k) => `line ${k.slice(5)}`);
  const columns = keys.filter((k) => !k.startsWith('line.'));
  const where = [...lines, ...(columns.length ? [`${columns.length === 1 ? 'column' : 'columns'}: ${columns.join(', ')}`] : [])];
  return `${errorText(e)}${where.length ? ` (${where.join('; ')})` : ''}`;
}

/** The template as a link's address: a data URL needs no object URL to revoke and works offline. */
const templateHref = (up: NonNullable<Resource['upload']>) => `data:text/csv;charset=utf-8,${encodeURIComponent(uploadTemplate(up))}`;

export default function UploadDialog({ resource: r, onClose, onDone }: Props) {
  const up = r.upload!;
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<'idle' | 'checking' | 'checked' | 'applying'>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [report, setReport] = useState<UploadReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  const send = async (f: File, dry: boolean) => {
    abort.current = new AbortController();
    setPhase(dry ? 'checking' : 'applying');
    setFailure(null);
    setProgress({ sent: 0, total: f.size, processing: false });
    try {
      const answer = await uploadRows(r, f, dry, setProgress, abort.current.signal);
      if (dry) { setReport(answer); setPhase('checked'); return; }
      notifySuccess(up.success.replace('{count}', fmt(answer.created)));
      onDone();
      onClose();
    } catch (err) {
      if ((err as { name?: string }).name === 'AbortError') { setPhase('idle'); return; }
      setFailure(failureText(err));
      setPhase(dry ? 'idle' : 'checked');
    } finally {
      setProgress(null);
    }
  };
  const choose = (f: File | null) => {
    setFile(f);
    setReport(null);
    if (f) void send(f, true);
  };
  const cancel = () => { abort.current?.abort(); onClose(); };

  const busy = phase === 'checking' || phase === 'applying';
  const shown = report ? up.columns.filter((c) => report.preview.some((row) => row[c] !== null && row[c] !== undefined)) : [];
  const canApply = phase === 'checked' && !!report && report.error_count === 0 && report.valid > 0;
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable={!busy} onOpenChange={(open) => !open && cancel()}>
      <Modal className="modal modal-form modal-wide">
        <Dialog className="dialog" aria-label={`${up.label} ${r.labelPlural}`}>
          <Heading slot="title" className="dialog-title">{up.label} {r.labelPlural}</Heading>
          <p className="upload-columns">
            A CSV file with a header row. Columns: <span className="u-mono">{up.columns.join(', ')}</span>; required:{' '}
            <span className="u-mono">{up.required.join(', ')}</span>.{' '}
            <a href={templateHref(up)} download={`${r.name}-template.csv`}>Download the template</a> (the header row).
          </p>
          <input type="file" accept={up.accept} aria-label="CSV file" disabled={busy}
            onChange={(e) => choose(e.currentTarget.files?.[0] ?? null)} />
          {progress && (
            <div className="bulk-progress" role="status" aria-live="polite">
              {progress.processing
                ? <><progress aria-label="Server at work" /><span>{phase === 'applying' ? `Applying ${counted(report?.valid ?? 0, 'row')}…` : `Checking ${file?.name ?? 'the file'}…`}</span></>
                : <><progress value={progress.sent} max={progress.total || 1} aria-label="Upload progress" />
                  <span>Uploading {Math.floor((progress.sent / (progress.total || 1)) * 100)}% ({size(progress.sent)} of {size(progress.total)})</span></>}
            </div>
          )}
          {failure && <p className="form-failure" role="alert">{failure}</p>}
          {report && (
            <div className="upload-report">
              <p className="upload-summary" role="status">
                {counted(report.total, 'row')} · {fmt(report.valid)} valid · {counted(report.error_count, 'error')}
                {report.error_count === 0 ? ' · ready to apply' : ' · fix them and choose the file again; nothing is applied while any row is wrong'}
              </p>
              {report.errors.length > 0 && (
                <ul className="upload-errors" aria-label="Errors">
                  {report.errors.map((e, i) => (
                    <li key={i}>Line {e.line}{e.field ? ` · ${labelOf(e.field, r.fields[e.field])}` : ''}: {t(e.code)}</li>
                  ))}
                  {report.error_count > report.errors.length && <li>…and {fmt(report.error_count - report.errors.length)} more</li>}
                </ul>
              )}
              {report.preview.length > 0 && (
                <table className="upload-preview" aria-label="Rows to create">
                  <caption>First {report.preview.length} of {fmt(report.valid)} rows to create</caption>
                  <thead><tr>{shown.map((c) => <th key={c}>{labelOf(c, r.fields[c])}</th>)}</tr></thead>
                  <tbody>{report.preview.map((row, i) => <tr key={i}>{shown.map((c) => <td key={c}>{String(row[c] ?? '')}</td>)}</tr>)}</tbody>
                </table>
              )}
            </div>
          )}
          <div className="form-actions">
            <button type="button" className="btn btn-ghost" onClick={cancel}>Cancel</button>
            <button type="button" className="btn btn-primary" disabled={!canApply || !file}
              title={canApply ? undefined : 'Choose a file without errors first'} onClick={() => file && void send(file, false)}>
              {report && canApply ? `Apply ${counted(report.valid, 'row')}` : 'Apply'}
            </button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
