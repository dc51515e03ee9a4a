/** Reading the signed-in user's CASL ability from components (DESIGN §4: hide what a role cannot reach). */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { canAccessRoute, type AppAbility, type RouteKind } from '../../shared/abilities';
import { session } from '../state/session';

/** The current ability; re-renders when the session changes. */
export function useAbility(): AppAbility {
  return useSnapshot(session).ability as AppAbility;
}

/** `useCan('update', 'User')`, or per attribute: `useCan('update', 'Currency', 'visible')`. */
export function useCan(action: string, subject: string, field?: string): boolean {
  return useAbility().can(action, subject, field);
}

export function useCanAccessRoute(path: string, kind: RouteKind = 'list'): boolean {
  return canAccessRoute(useAbility(), path, kind);
}

interface CanProps {
  I: string;
  a: string;
  field?: string;
  /** Rendered instead when the ability is missing; nothing by default. */
  otherwise?: ReactNode;
  children: ReactNode;
}

/** `<Can I="update" a="User">…</Can>` */
export function Can({ I, a, field, otherwise = null, children }: CanProps) {
  return useCan(I, a, field) ? <>{children}</> : <>{otherwise}</>;
}

/** Props for a control that stays visible but disabled, telling the user why (DESIGN §4). */
export interface DisabledWithReason {
  disabled: boolean;
  /** Tooltip text and accessible description; undefined when enabled. */
  title?: string;
  'aria-disabled'?: boolean;
}

const VERB: Record<string, string> = { manage: 'manage', update: 'edit', read: 'view', create: 'create', delete: 'delete' };

/** Why an action is unavailable, in words a staff member understands. */
export function reasonFor(action: string, subject: string, field?: string): string {
  const what = field ? `${field.replace(/_/g, ' ')} of ${subject}` : subject;
  return `Your role cannot ${VERB[action] ?? action} ${what}.`;
}

/** Spread onto a button or input: `<button {...useDisabledUnless('update', 'User')}>`. */
export function useDisabledUnless(action: string, subject: string, field?: string): DisabledWithReason {
  const allowed = useCan(action, subject, field);
  return disabledWithReason(allowed, reasonFor(action, subject, field));
}

/** For gates that are not abilities (superadmin protection, empty amount, ...). */
export function disabledWithReason(allowed: boolean, reason: string): DisabledWithReason {
  return allowed ? { disabled: false } : { disabled: true, title: reason, 'aria-disabled': true };
}
