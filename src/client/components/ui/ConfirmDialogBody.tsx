/**
 * The open yes/no question of ConfirmDialog (react-aria: focus trap, Escape, focus restore on close). A
 * destructive question (tone danger) opens with the focus on the safe answer: an Enter or Space meant for
 * what was under the focus before must not confirm it.
 */
import type { ReactNode } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ConfirmProps {
  isOpen: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: 'danger' | 'primary';
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export default function ConfirmDialogBody({ isOpen, title, children, confirmLabel, cancelLabel = 'Cancel', tone = 'primary', pending, onConfirm, onCancel }: ConfirmProps) {
  return (
    <ModalOverlay className="modal-overlay" isOpen={isOpen} isDismissable onOpenChange={(open) => !open && onCancel()}>
      <Modal className="modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog-title">{title}</Heading>
          {children && <div className="dialog-body">{children}</div>}
          <div className="dialog-actions">
            <Button className="btn btn-ghost" onPress={onCancel} autoFocus={tone === 'danger'}>{cancelLabel}</Button>
            <Button className={`btn btn-${tone}`} onPress={onConfirm} isDisabled={pending} autoFocus={tone !== 'danger'}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
