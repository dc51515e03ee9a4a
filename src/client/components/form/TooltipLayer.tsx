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
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  });
  return (
    <FloatingPortal root={reference.closest<HTMLElement>('[role=dialog]') ?? undefined}>
      <div ref={refs.setFloating} id={id} role="tooltip" className="tooltip" style={floatingStyles}>{content}</div>
    </FloatingPortal>
  );
}
