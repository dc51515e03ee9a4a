/** The warning before the idle sign-out: the idle watch runs on every page; the dialog loads when it is due. */
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { idle, startIdleWatch, stopIdleWatch } from '../../state/idle';

const Warning = lazy(() => import('./IdleWarningDialog'));

export function IdleWarning() {
  const { warning } = useSnapshot(idle);
  useEffect(() => {
    startIdleWatch();
    return stopIdleWatch;
  }, []);
  return warning ? <Suspense fallback={null}><Warning /></Suspense> : null;
}
