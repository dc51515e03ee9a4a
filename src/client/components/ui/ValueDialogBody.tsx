/** The open dialog of ValueDialog: a titled, read-only view of one value (react-aria: focus trap, Escape, focus restore). */
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ValueProps { title: string; value: unknown; onClose: () => void }

/** JSON (an object, or text that parses as one) indented; anything else as it is. */
export function readable(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  let v = value;
  if (typeof v === 'string') {
    try { v = JSON.parse(v); } catch { return value as string; }
  }
  return typeof v === 'object' ? JSON.stringify(v, null, 2) : String(v);
}

export default function ValueDialogBody({ title, value, onClose }: ValueProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal">
        <Dialog className="dialog">
          <Heading slot="title" className="dialog-title">{title}</Heading>
          <pre className="dialog-body dialog-value">{readable(value)}</pre>
          <div className="dialog-actions">
            <Button className="btn btn-primary" onPress={onClose} autoFocus>Close</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
