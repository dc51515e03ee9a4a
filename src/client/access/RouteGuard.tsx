import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { canAccessRoute, type RouteKind } from '../../shared/abilities';
import { browser } from '../browser';
import { useAbility } from './ability';

interface Props {
  kind: RouteKind;
  children: ReactNode;
}

/** Spec §5 Route guard: without the ability for this page, go back one history step. */
export function RouteGuard({ kind, children }: Props) {
  const [path] = useLocation();
  const allowed = canAccessRoute(useAbility(), path, kind);
  useEffect(() => {
    if (!allowed) browser.back();
  }, [allowed, path]);
  return allowed ? <>{children}</> : null;
}
