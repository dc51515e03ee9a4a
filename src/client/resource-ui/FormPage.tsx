/** Add/edit on its own route (`/email-type/:id`, `/faqs/:id`, `/faq-category/:id`; `add` creates). */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { Resource } from '../../shared/resources';
import { getRow, type Row } from '../api/resources';
import { Loading } from '../components/ui/Loading';
import { Icon } from '../components/ui/Icon';
import { notifyFailure } from '../state/toasts';
import { ResourceForm } from './ResourceForm';
import { lastListUrl, listPath } from './presentation';
import './resource-ui.css';

export function FormPage({ resource: r, id }: { resource: Resource; id: string }) {
  const [, navigate] = useLocation();
  const creating = id === 'add';
  const [row, setRow] = useState<Row | null>(null);
  // Back and Save return to the list as it was left (filters, page), or its first page on a direct link.
  const back = () => navigate(lastListUrl(r));

  useEffect(() => {
    if (creating) return;
    let live = true;
    getRow(r, id).then((x) => live && setRow(x)).catch((err) => {
      if (!live) return;
      notifyFailure(err);
      navigate(listPath(r), { replace: true });
    });
    return () => { live = false; };
  }, [r, id, creating, navigate]);

  return (
    <div className="page form-page">
      <div className="form-page-head">
        <button type="button" className="link-btn" onClick={back}><Icon name="arrowLeft" size={14} /> {r.labelPlural}</button>
        <h2 className="form-page-title">{creating ? `New ${r.label}` : `Edit ${r.label}`}{row && <span className="dialog-subtitle">#{row.id}</span>}</h2>
      </div>
      <section className="card form-card">
        {creating || row
          ? <ResourceForm key={row ? String(row.id) : 'new'} resource={r} mode={creating ? 'create' : 'edit'} row={row ?? undefined}
              onSaved={back} onCancel={back} />
          : <Loading label={`Loading ${r.label}`} />}
      </section>
    </div>
  );
}
