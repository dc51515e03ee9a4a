/**
 * A row read-only on its own route (`/botSettings/7`, `/adjustments-details/7`; spec §2), every field
 * with its label, Edit leading to the form route (`/bot-edit/7`) for roles that may update it, and the
 * row's set actions offered in its state (an adjustment's Accept and Reject while pending).
 */
import { useLocation, useSearch } from 'wouter';
import { keyOf, type Resource } from '../../shared/resources/define';
import { reasonFor, useAbility } from '../access';
import { HeaderActions } from '../components/layout/header-slots';
import { Icon } from '../components/ui/Icon';
import { Loading } from '../components/ui/Loading';
import { formPath, hasForm, lastListUrl } from './presentation';
import { RowSetActions } from './RowSetActions';
import { RowCalls } from './RowCalls';
import { useRow } from './use-row';
import { entries, Value } from './RowPanel';
import './resource-ui.css';

export function ViewPage({ resource: r, id }: { resource: Resource; id: string }) {
  const [, navigate] = useLocation();
  const ability = useAbility();
  const { row, setRow, reload } = useRow(r, id);
  const canEdit = ability.can(r.abilityFor.update, r.subject);
  const search = new URLSearchParams(useSearch());
  const action = search.get('action');
  const setAction = (name: string | null) => navigate(name ? `?action=${encodeURIComponent(name)}` : window.location.pathname, { replace: true });
  const setCall = (name: string | null) => navigate(name ? `?call=${encodeURIComponent(name)}` : window.location.pathname, { replace: true });

  return (
    <div className="page form-page">
      <div className="form-page-head">
        <button type="button" className="link-btn" onClick={() => navigate(lastListUrl(r))}><Icon name="arrowLeft" size={14} /> {r.labelPlural}</button>
        <h2 className="form-page-title">{r.label}{row && <span className="dialog-subtitle">#{String(keyOf(r, row))}</span>}</h2>
      </div>
      {hasForm(r) && (
        <HeaderActions>
          <button type="button" className="btn btn-primary btn-sm" disabled={!canEdit || !row} title={canEdit ? 'Edit (e)' : reasonFor(r.abilityFor.update, r.subject)}
            onClick={() => row && navigate(formPath(r, keyOf(r, row)))}>
            <Icon name="edit" />Edit
          </button>
        </HeaderActions>
      )}
      {row && r.calls && (
        <RowCalls resource={r} row={row} open={search.get('call')} initial={Object.fromEntries(search)} onOpen={setCall} onDone={reload} />
      )}
      {row && r.actions?.some((a) => a.kind === 'set') && (
        <RowSetActions resource={r} row={row} open={action} onOpen={setAction} onDone={(saved) => setRow(saved)} />
      )}
      <section className="card form-card">
        {row
          ? (
            <dl className="row-panel-fields view-fields">
              {entries(r, row).map(([key, label, value]) => (
                <div key={key} className="row-panel-field"><dt>{label}</dt><dd><Value r={r} field={key} value={value} row={row} /></dd></div>
              ))}
            </dl>
          )
          : <Loading label={`Loading ${r.label}`} />}
      </section>
    </div>
  );
}
