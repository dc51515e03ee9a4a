/**
 * The applicant's documents, one at a time (state/document-viewer.ts): an image in an <img>, a PDF in a
 * frame, both read from the staff route. The PDF's frame carries no `sandbox` attribute: Chromium refuses
 * to show a PDF in a sandboxed frame (measured: an error page); the answer sandboxes itself instead (its
 * policy's `sandbox` and `default-src 'none'`: an opaque origin, no script), which Chromium's viewer shows.
 * Zoom and rotation are a CSS transform of what is shown; the keys are the palette's (commands/kyc.ts).
 */
import { useSnapshot } from 'valtio';
import { documentFileUrl } from '../../api/users';
import { documentViewer, resetView, rotate, step, zoom, zoomOf } from '../../state/document-viewer';
import { Timestamp } from '../../components/ui/Timestamp';

export function DocumentViewer() {
  const v = useSnapshot(documentViewer);
  const d = v.docs[v.index];
  if (!d) return <p className="row-panel-note">No documents uploaded</p>;
  const scale = zoomOf(v.zoomStep);
  const transform = `rotate(${v.turns * 90}deg) scale(${scale})`;
  const name = `${d.doc_type}${d.doc_category ? ` (${d.doc_category.replace('_', ' ')})` : ''}`;
  return (
    <section className="kyc-viewer" aria-label="Documents">
      <div className="kyc-viewer-bar" role="toolbar" aria-label="Document view">
        <span className="kyc-viewer-title" aria-live="polite">{name} · {v.index + 1} of {v.docs.length}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(-1)} disabled={v.docs.length < 2} title="Previous document (,)">‹</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => step(1)} disabled={v.docs.length < 2} title="Next document (.)">›</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => zoom(-1)} title="Zoom out (−)">−</button>
        <output className="kyc-viewer-zoom" aria-label="Zoom">{Math.round(scale * 100)} %</output>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => zoom(1)} title="Zoom in (+)">+</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={rotate} title="Rotate (Shift+R)" aria-label={`Rotate (now ${v.turns * 90}°)`}>⟳</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={resetView} title="100 %, unrotated (0)">Reset</button>
      </div>
      <div className="kyc-viewer-stage">
        {d.content_type === 'application/pdf'
          ? <iframe key={d.id} className="kyc-viewer-doc" src={documentFileUrl(d.id)} title={name} style={{ transform }} />
          : <img key={d.id} className="kyc-viewer-doc" src={documentFileUrl(d.id)} alt={name} style={{ transform }} data-turns={v.turns} data-zoom={scale} />}
      </div>
      <dl className="row-panel-fields">
        <div className="row-panel-field"><dt>Number</dt><dd>{d.doc_number}</dd></div>
        <div className="row-panel-field"><dt>Expires</dt><dd>{d.doc_expire ?? '—'}</dd></div>
        <div className="row-panel-field"><dt>Uploaded</dt><dd><Timestamp value={d.created_at} /></dd></div>
      </dl>
    </section>
  );
}
