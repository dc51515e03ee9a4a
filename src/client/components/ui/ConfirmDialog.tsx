/**
 * A modal yes/no question. The dialog machinery (react-aria's modal, focus trap and restore) loads with the
 * first question asked, not with every screen that may ask one: a list or a user page ships without it.
 */
import { lazy, Suspense } from 'react';
import type { ConfirmProps } from './ConfirmDialogBody';

const Body = lazy(() => import('./ConfirmDialogBody'));

export function ConfirmDialog(props: ConfirmProps) {
  if (!props.isOpen) return null;
  return <Suspense fallback={null}><Body {...props} /></Suspense>;
}
