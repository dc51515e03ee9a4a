/**
 * Toasts at the top right (spec §2); errors are announced assertively, successes politely. The region is
 * a react-aria top layer, so a modal dialog that hides the page from assistive tech leaves it audible: a
 * failed submit inside a dialog is still announced.
 *
 * A page whose own header carries identity and facts up to the right edge (the user detail) marks it
 * with `data-toast-anchor`: toasts then stack just below that header instead of covering it, and follow
 * it as the page scrolls (never above the top bar, where they start by default).
 */
import { useLayoutEffect, useState, type CSSProperties } from 'react';
import { useSnapshot } from 'valtio';
import { dismissToast, toasts } from '../../state/toasts';
import { Icon } from '../ui/Icon';

const TOAST_ANCHOR = 'data-toast-anchor';
const GAP_PX = 8;

/** The bottom edge of the page header to stay below, in viewport pixels; null when there is none on screen. */
function useAnchorBottom(active: boolean): number | null {
  const [bottom, setBottom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!active) return;
    const measure = () => {
      const el = document.querySelector(`[${TOAST_ANCHOR}]`);
      const b = el ? el.getBoundingClientRect().bottom : 0;
      setBottom(b > 0 ? Math.round(b) : null);
    };
    measure();
    // The header may render after the toast (the sign-in toast, then the user page loads), and moves when
    // the page scrolls (inside the shell's main element, hence capture) or the window resizes.
    const changes = new MutationObserver(measure);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      changes.disconnect();
      window.removeEventListener('scroll', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [active]);
  return active ? bottom : null;
}

export function Toaster() {
  const { items } = useSnapshot(toasts);
  const anchor = useAnchorBottom(items.length > 0);
  // feedback.css takes the lower of this and the top bar's edge.
  const style = anchor === null ? undefined : ({ '--toast-below': `${anchor + GAP_PX}px` } as CSSProperties);
  return (
    <div className="toaster" role="region" aria-label="Notifications" data-react-aria-top-layer="true" style={style}>
      {items.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <Icon name={toast.type === 'error' ? 'alert' : 'check'} className="toast-icon" />
          <span className="toast-message">{toast.message}</span>
          {toast.code !== undefined && <span className="toast-code">{toast.code}</span>}
          <button type="button" className="toast-close" onClick={() => dismissToast(toast.id)} aria-label="Dismiss">
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
