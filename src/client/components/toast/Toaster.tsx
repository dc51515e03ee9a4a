/**
 * Toasts at the top right (spec §2); errors are announced assertively, successes politely. The region is
 * a react-aria top layer, so a modal dialog that hides the page from assistive tech leaves it audible: a
 * failed submit inside a dialog is still announced.
 */
import { useSnapshot } from 'valtio';
import { dismissToast, toasts } from '../../state/toasts';
import { Icon } from '../ui/Icon';

export function Toaster() {
  const { items } = useSnapshot(toasts);
  return (
    <div className="toaster" aria-label="Notifications" data-react-aria-top-layer="true">
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
