/**
 * Add/edit in a modal over the list (spec: permissions, fee schedules, restrictions). react-aria keeps
 * focus inside while open and hands it back to the grid cell or button that opened it.
 */
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { keyOf, type Resource } from '../../shared/resources/define';
import type { Row } from '../api/resources';
import { ResourceForm } from './ResourceForm';

interface Props {
  resource: Resource;
  /** null: create. */
  row: Row | null;
  onSaved(row: Row): void;
  onClose(): void;
}

export function FormModal({ resource: r, row, onSaved, onClose }: Props) {
  const title = row ? `Edit ${r.label}` : `New ${r.label}`;
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal modal-form">
        <Dialog className="dialog" aria-label={title}>
          <Heading slot="title" className="dialog-title">
            {title}
            {row && <span className="dialog-subtitle">#{String(keyOf(r, row))}</span>}
          </Heading>
          <ResourceForm resource={r} mode={row ? 'edit' : 'create'} row={row ?? undefined} onSaved={onSaved} onCancel={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
