/**
 * A row's calls on its detail page (CallDef): read calls as a line of label and answer with a refresh
 * button (a blockchain's latest block), write calls as header buttons opening a dialog of their params
 * (Scan: a block number). A call the viewer may not make is disabled with the missing ability named.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { keyOf, meets, type CallDef, type Resource } from '../../shared/resources/define';
import { errorText } from '../i18n/error-text';
import { runCall, type Row } from '../api/resources';
import { reasonFor, useAbility } from '../access';
import { HeaderActions } from '../components/layout/header-slots';
import { Icon } from '../components/ui/Icon';

const CallDialog = lazy(() => import('./CallDialog'));

function ReadCall({ r, row, call }: { r: Resource; row: Row; call: CallDef }) {
  const [state, setState] = useState<{ loading: boolean; text?: string; error?: string }>({ loading: true });
  const load = useCallback(() => {
    setState((s) => ({ ...s, loading: true }));
    runCall(r, call, keyOf(r, row))
      .then((answer) => setState({ loading: false, text: call.show ? call.show(answer) : String(answer) }))
      .catch((err) => setState({ loading: false, error: errorText(err) }));
  }, [r, row, call]);
  useEffect(load, [load]);
  return (
    <div className="row-call" data-call={call.name}>
      <span className="row-call-label">{call.label}</span>
      <output className={state.error ? 'row-call-value row-call-error' : 'row-call-value'} aria-live="polite" aria-busy={state.loading}>
        {state.error ?? state.text ?? '…'}
      </output>
      <button type="button" className="cell-action" onClick={load} disabled={state.loading} aria-label={`Refresh ${call.label.toLowerCase()}`}>
        <Icon name="refresh" size={14} />
      </button>
    </div>
  );
}

export function RowCalls({ resource: r, row, open, initial, onOpen, onDone }: {
  resource: Resource; row: Row; open: string | null; initial?: Record<string, string>; onOpen(name: string | null): void; onDone(): void;
}) {
  const ability = useAbility();
  const calls = (r.calls ?? []).filter((c) => !c.when || meets(c.when, row));
  const reads = calls.filter((c) => c.kind === 'read' && ability.can(c.ability, r.subject));
  const writes = calls.filter((c) => c.kind === 'write');
  const active = writes.find((c) => c.name === open);
  return (
    <>
      {reads.length > 0 && <div className="row-calls">{reads.map((c) => <ReadCall key={c.name} r={r} row={row} call={c} />)}</div>}
      <HeaderActions>
        {writes.map((c) => {
          const allowed = ability.can(c.ability, r.subject);
          return (
            <button key={c.name} type="button" className="btn btn-primary btn-sm" disabled={!allowed} onClick={() => onOpen(c.name)}
              title={allowed ? undefined : reasonFor(c.ability, r.subject)}>
              {c.name.startsWith('scan') && <Icon name="scan" />}{c.submit ?? c.label}
            </button>
          );
        })}
      </HeaderActions>
      {active && (
        <Suspense fallback={null}>
          <CallDialog resource={r} row={row} call={active} initial={initial} onClose={() => onOpen(null)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
