/**
 * The modal form a list URL asks for (`?new=1`, `?edit=<id>`): the row comes from the page on screen,
 * or from the service when it offers a get and the row is on another page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { keyOf, type Resource } from '../../shared/resources/define';
import { getRow, offers, type Row } from '../api/resources';
import { useAbility } from '../access';
import { notify } from '../state/toasts';
// The form (its fields, react-aria's inputs and modal) loads when a row is opened, not with the list.
const FormModal = lazy(() => import('./FormModal').then((m) => ({ default: m.FormModal })));
import type { ModalTarget } from './use-list-state';

interface Props {
  resource: Resource;
  target: ModalTarget;
  rows: Row[];
  onClose(): void;
  onSaved(row: Row): void;
}

export function ListModal({ resource: r, target, rows, onClose, onSaved }: Props) {
  const ability = useAbility();
  const [fetched, setFetched] = useState<Row | null>(null);
  const id = target?.kind === 'edit' ? target.id : null;
  const onPage = id === null ? undefined : rows.find((x) => String(keyOf(r, x)) === id);

  useEffect(() => {
    setFetched(null);
    if (id === null || onPage || rows.length === 0 && !offers(r, 'get')) return;
    if (!offers(r, 'get')) {
      // Spec §8: a record that cannot be loaded says so and the view goes back to the plain list.
      notify('error', 'No data exists.');
      onClose();
      return;
    }
    let live = true;
    getRow(r, id).then((row) => live && setFetched(row)).catch(() => {
      if (!live) return;
      notify('error', 'No data exists.');
      onClose();
    });
    return () => { live = false; };
    // Only a new target or a new page of rows changes what to look for.
  }, [r, id, rows]);

  if (!target) return null;
  if (target.kind === 'new') {
    if (!offers(r, 'create') || !ability.can(r.abilityFor.create, r.subject)) return null;
    return <Suspense fallback={null}><FormModal resource={r} row={null} onClose={onClose} onSaved={onSaved} /></Suspense>;
  }
  const row = onPage ?? fetched;
  return row ? <Suspense fallback={null}><FormModal key={String(keyOf(r, row))} resource={r} row={row} onClose={onClose} onSaved={onSaved} /></Suspense> : null;
}
