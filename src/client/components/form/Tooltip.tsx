/**
 * A small hover/focus tooltip for the full text of a truncated cell and the reason a control is disabled.
 * The trigger is a wrapper span, so it also works around disabled inputs, which get no pointer or focus
 * events of their own. It opens after a short hover or at once on focus, closes on leave, blur or Escape,
 * and describes its trigger while open. The positioning code (floating-ui) loads the first time one opens.
 * `focusTarget` is an ancestor that takes the focus for its content (a grid cell, which AG Grid focuses
 * itself): its focus opens the tooltip too, and it is what the tooltip describes then.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from 'react';

const Layer = lazy(() => import('./TooltipLayer'));

/** How long a pointer rests on the trigger before the tooltip opens. */
const HOVER_MS = 350;

interface Props {
  content: ReactNode;
  children: ReactNode;
  /** Makes the wrapper focusable, for triggers that cannot take focus themselves (text, disabled fields). */
  focusable?: boolean;
  className?: string;
  /** An ancestor whose own focus opens the tooltip (a grid cell) and which it then describes. */
  focusTarget?: HTMLElement | null;
}

export function Tooltip({ content, children, focusable, className, focusTarget }: Props) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useId();
  const cancel = () => clearTimeout(timer.current);
  useEffect(() => cancel, []);
  const show = (delay: number) => { cancel(); timer.current = setTimeout(() => setOpen(true), delay); };
  const hide = () => { cancel(); setOpen(false); };
  useEffect(() => {
    if (!focusTarget) return;
    const onFocus = (e: FocusEvent) => { if (e.target === focusTarget) show(0); };
    const onBlur = (e: FocusEvent) => { if (e.target === focusTarget) hide(); };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') hide(); };
    focusTarget.addEventListener('focus', onFocus);
    focusTarget.addEventListener('blur', onBlur);
    focusTarget.addEventListener('keydown', onKey);
    if (focusTarget === document.activeElement) show(0);
    return () => {
      focusTarget.removeEventListener('focus', onFocus);
      focusTarget.removeEventListener('blur', onBlur);
      focusTarget.removeEventListener('keydown', onKey);
    };
  }, [focusTarget]);
  useEffect(() => {
    if (!focusTarget) return;
    if (open) focusTarget.setAttribute('aria-describedby', id); else focusTarget.removeAttribute('aria-describedby');
  }, [focusTarget, open, id]);
  return (
    <>
      <span ref={trigger} className={className ?? 'tooltip-trigger'} tabIndex={focusable ? 0 : undefined}
        aria-describedby={open ? id : undefined}
        onPointerEnter={() => show(HOVER_MS)} onPointerLeave={hide} onFocus={() => show(0)} onBlur={hide}
        onKeyDown={(e) => { if (e.key === 'Escape' && open) { e.stopPropagation(); hide(); } }}>
        {children}
      </span>
      {open && trigger.current && (
        <Suspense fallback={null}><Layer reference={trigger.current} id={id} content={content} /></Suspense>
      )}
    </>
  );
}
