/**
 * A small hover/focus tooltip (floating-ui) for the full text of a truncated cell and the reason a
 * control is disabled. The trigger is a wrapper span, so it also works around disabled inputs, which
 * get no pointer or focus events of their own.
 */
import { useState, type ReactNode } from 'react';
import {
  autoUpdate, flip, FloatingPortal, offset, shift, useDismiss, useFloating, useFocus, useHover, useInteractions, useRole,
} from '@floating-ui/react';

interface Props {
  content: ReactNode;
  children: ReactNode;
  /** Makes the wrapper focusable, for triggers that cannot take focus themselves (text, disabled fields). */
  focusable?: boolean;
  className?: string;
}

export function Tooltip({ content, children, focusable, className }: Props) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open, onOpenChange: setOpen, placement: 'top', whileElementsMounted: autoUpdate,
    middleware: [offset(6), flip(), shift({ padding: 8 })],
  });
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { delay: { open: 350, close: 0 } }), useFocus(context), useDismiss(context), useRole(context, { role: 'tooltip' }),
  ]);
  return (
    <>
      <span ref={refs.setReference} className={className ?? 'tooltip-trigger'} tabIndex={focusable ? 0 : undefined}
        {...getReferenceProps()}>
        {children}
      </span>
      {open && (
        <FloatingPortal>
          <div ref={refs.setFloating} className="tooltip" style={floatingStyles} {...getFloatingProps()}>{content}</div>
        </FloatingPortal>
      )}
    </>
  );
}
