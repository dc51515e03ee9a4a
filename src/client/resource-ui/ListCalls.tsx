/**
 * A list's own calls (ResourceDecl.listCalls: restrictions' whitelink) as header buttons, each shown to
 * roles with its ability, opening the call's dialog without a row.
 */
import { lazy, Suspense, useState } from 'react';
import type { CallDef, Resource } from '../../shared/resources/define';
import { useAbility } from '../access';

const CallDialog = lazy(() => import('./CallDialog'));

export function ListCalls({ resource: r, onDone }: { resource: Resource; onDone(): void }) {
  const ability = useAbility();
  const [active, setActive] = useState<CallDef | null>(null);
  const calls = (r.listCalls ?? []).filter((c) => ability.can(c.ability, r.subject));
  if (!calls.length) return null;
  return (
    <>
      {calls.map((c) => (
        <button key={c.name} type="button" className="btn btn-secondary btn-sm" onClick={() => setActive(c)}>{c.label}</button>
      ))}
      {active && (
        <Suspense fallback={null}>
          <CallDialog resource={r} call={active} onClose={() => setActive(null)} onDone={onDone} />
        </Suspense>
      )}
    </>
  );
}
