/** The warning before the idle sign-out; any reaction (or the button) keeps the session. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { getConfig } from '../../config';
import { idle, markActivity, startIdleWatch, stopIdleWatch } from '../../state/idle';

export function IdleWarning() {
  const { warning } = useSnapshot(idle);
  useEffect(() => {
    startIdleWatch();
    return stopIdleWatch;
  }, []);
  const minutes = getConfig().minutesBeforeWarningMessage;
  const when = minutes === 1 ? 'in 1 minute' : `in ${minutes} minutes`;
  return (
    <ModalOverlay className="modal-overlay" isOpen={warning} isDismissable onOpenChange={(open) => !open && markActivity()}>
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
