/** Toasts at the top right (spec §2); errors are announced assertively, successes politely. */
import { useSnapshot } from 'valtio';
import { dismissToast, toasts } from '../../state/toasts';
import { Icon } from '../ui/Icon';

export function Toaster() {
  const { items } = useSnapshot(toasts);
  return (
    <div className="toaster" aria-label="Notifications">
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
