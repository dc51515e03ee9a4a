/**
 * Add/edit on its own route (`/email-type/:id`, `/faqs/:id`, `/faq-category/:id`; `add` creates). A row
 * with calls (a blockchain) shows them beside the form; `?call=<name>&<param>=…` opens a write call's
 * dialog filled in, which is how the palette's "Scan block N on <chain>" lands.
 */
import { useLocation, useSearch } from 'wouter';
import { keyOf, type Resource } from '../../shared/resources/define';
import { Loading } from '../components/ui/Loading';
import { Icon } from '../components/ui/Icon';
import { ResourceForm } from './ResourceForm';
import { RowCalls } from './RowCalls';
import { DetailTabs } from './DetailTabs';
import { RowSetActions } from './RowSetActions';
import { lastListUrl } from './presentation';
import { useRow } from './use-row';
import './resource-ui.css';

export function FormPage({ resource: r, id }: { resource: Resource; id: string }) {
  const [, navigate] = useLocation();
  const creating = id === 'add';
  const { row, setRow, reload } = useRow(r, creating ? null : id);
  const search = new URLSearchParams(useSearch());
  const openCall = search.get('call');
  const setCall = (name: string | null) => navigate(name ? `?call=${encodeURIComponent(name)}` : window.location.pathname, { replace: true });
  const setAction = (name: string | null) => navigate(name ? `?action=${encodeURIComponent(name)}` : window.location.pathname, { replace: true });
  // Back and Save return to the list as it was left (filters, page), or its first page on a direct link.
  const back = () => navigate(lastListUrl(r));

  return (
    <div className="page form-page">
      <div className="form-page-head">
        <button type="button" className="link-btn" onClick={back}><Icon name="arrowLeft" size={14} /> {r.labelPlural}</button>
        <h2 className="form-page-title">{creating ? `New ${r.label}` : `Edit ${r.label}`}{row && <span className="dialog-subtitle">#{String(keyOf(r, row))}</span>}</h2>
      </div>
      {row && r.actions?.some((a) => a.kind === 'set') && (
        <RowSetActions resource={r} row={row} open={search.get('action')} onOpen={setAction} onDone={(saved) => setRow(saved)} />
      )}
      {creating || !row ? (
        <section className="card form-card">
          {creating
            ? <ResourceForm key="new" resource={r} mode="create" onSaved={back} onCancel={back} />
            : <Loading label={`Loading ${r.label}`} />}
        </section>
      ) : (
        <DetailTabs resource={r} row={row}>
          {r.calls && (
            <RowCalls resource={r} row={row} open={openCall} initial={Object.fromEntries(search)} onOpen={setCall} onDone={reload} />
          )}
          <section className="card form-card">
            <ResourceForm key={`${String(keyOf(r, row))}@${String(row.updated_at ?? '')}`} resource={r} mode="edit" row={row}
              onSaved={back} onCancel={back} />
          </section>
        </DetailTabs>
      )}
    </div>
  );
}
