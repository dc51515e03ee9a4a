/**
 * Where an open Tooltip shows: floating-ui places it beside its trigger and keeps it there (loaded on first use).
 * Inside a modal dialog it is portalled into that dialog, not the body: the modal hides everything outside
 * itself from assistive technology, which would hide the tooltip that describes one of its fields.
 */
import type { ReactNode } from 'react';
import { autoUpdate, flip, FloatingPortal, offset, shift, useFloating } from '@floating-ui/react';

export default function TooltipLayer({ reference, id, content }: { reference: HTMLElement; id: string; content: ReactNode }) {
  const { refs, floatingStyles } = useFloating({
    elements: { reference }, placement: 'top', whileElementsMounted: autoUpdate,
    // Kept inside the page's content area: a time at a table's left edge put its tooltip over the sidebar.
    middleware: [offset(6), flip(), shift({ padding: 8, boundary: reference.closest<HTMLElement>('.shell-content') ?? 'clippingAncestors' })],
  });
  return (
    <FloatingPortal root={reference.closest<HTMLElement>('[role=dialog]') ?? undefined}>
      <div ref={refs.setFloating} id={id} role="tooltip" className="tooltip" style={floatingStyles}>{content}</div>
    </FloatingPortal>
  );
}
