/** A modal showing one value read-only (a notification's metadata); its machinery loads with the first one opened. */
import { lazy, Suspense } from 'react';
import type { ValueProps } from './ValueDialogBody';

const Body = lazy(() => import('./ValueDialogBody'));

export function ValueDialog(props: ValueProps & { isOpen: boolean }) {
  if (!props.isOpen) return null;
  return <Suspense fallback={null}><Body {...props} /></Suspense>;
}
