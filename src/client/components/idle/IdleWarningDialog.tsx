/** The idle warning itself (IdleWarning loads it when due); any reaction, or the button, keeps the session. */
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { getConfig } from '../../config';
import { markActivity } from '../../state/idle';

export default function IdleWarningDialog() {
  const minutes = getConfig().minutesBeforeWarningMessage;
  const when = minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && markActivity()}>
      <Modal className="modal">
        <Dialog className="dialog" role="alertdialog">
          <Heading slot="title" className="dialog-title">Are you still there?</Heading>
          <div className="dialog-body">You have been inactive for a while. For security you will be signed out {when}.</div>
          <div className="dialog-actions">
            <Button className="btn btn-primary" onPress={markActivity} autoFocus>Stay signed in</Button>
          </div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
