/**
 * "Views" in every list's header (issue 17 item 2): opens the list's saved views (ViewsMenuBody, loaded
 * with the first one opened). The views themselves are read once per staff member (state/saved-views).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Resource } from '../../shared/resources/define';
import type { SavedView, ViewQuery } from '../../shared/saved-views';
import { session } from '../state/session';
import { loadViews, savedViews } from '../state/saved-views';
import { Icon } from '../components/ui/Icon';

const Body = lazy(() => import('./ViewsMenuBody'));

export function ViewsMenu({ resource: r, current, open, onOpenChange, onOpenView }: {
  resource: Resource; current: ViewQuery; open: boolean; onOpenChange(open: boolean): void; onOpenView(v: SavedView): void;
}) {
  const { user } = useSnapshot(session);
  const { views } = useSnapshot(savedViews);
  useEffect(() => { void loadViews(user?.uid ?? ''); }, [user?.uid]);
  const count = views.filter((v) => v.list === r.name).length;
  return (
    <>
      <button type="button" className="btn btn-secondary btn-sm" onClick={() => onOpenChange(true)} title="Open, save and share views of this list">
        <Icon name="eye" />
        Views
        {count > 0 && <span className="badge" aria-label={`${count} saved`}>{count}</span>}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Body resource={r} current={current} onClose={() => onOpenChange(false)} onOpenView={(v) => { onOpenChange(false); onOpenView(v); }} />
        </Suspense>
      )}
    </>
  );
}
