/** The building blocks of the user detail: a titled card, a disabled-with-reason wrapper, a dialog form. */
import type { FormEvent, ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Tooltip } from '../../components/form/Tooltip';

interface PanelProps {
  title: string;
  /** Buttons at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function Panel({ title, actions, children, className }: PanelProps) {
  return (
    <section className={`u-card u-panel${className ? ` ${className}` : ''}`} aria-label={title}>
      <header className="u-panel-head">
        <h3 className="u-panel-title">{title}</h3>
        {actions && <div className="u-panel-actions">{actions}</div>}
      </header>
      <div className="u-panel-body">{children}</div>
    </section>
  );
}

/**
 * Shows `reason` on hover and focus around a disabled control. Disabled inputs get no pointer or focus
 * events, so the wrapper takes focus in their place and keyboard users still learn why.
 */
export function Reasoned({ reason, children }: { reason?: string; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return <Tooltip content={reason} focusable className="field-locked">{children}</Tooltip>;
}

/** One labelled row of the Main Info panels: label at the left, the control (and its save) at the right. */
export function Row({ label, children, htmlFor }: { label: string; children: ReactNode; htmlFor?: string }) {
  return (
    <div className="u-row">
      {htmlFor ? <label className="u-row-label" htmlFor={htmlFor}>{label}</label> : <span className="u-row-label">{label}</span>}
      <div className="u-row-value">{children}</div>
    </div>
  );
}

interface FormDialogProps {
  isOpen: boolean;
  title: string;
  submitLabel: string;
  tone?: 'primary' | 'danger';
  pending?: boolean;
  submitDisabled?: boolean;
  /** Why submit is disabled, read out under the button's tooltip. */
  submitReason?: string;
  wide?: boolean;
  onSubmit(): void;
  onClose(): void;
  children: ReactNode;
}

/** A modal form: Enter submits, Escape and Cancel close, react-aria keeps focus inside while open. */
export function FormDialog(p: FormDialogProps) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!p.pending && !p.submitDisabled) p.onSubmit();
  };
  return (
    <ModalOverlay className="modal-overlay" isOpen={p.isOpen} isDismissable onOpenChange={(open) => !open && p.onClose()}>
      <Modal className={`modal${p.wide ? ' u-modal-wide' : ''}`}>
        <Dialog className="dialog" aria-label={p.title}>
          <Heading slot="title" className="dialog-title">{p.title}</Heading>
          <form className="u-dialog-form" onSubmit={submit} noValidate>
            {p.children}
            <div className="dialog-actions">
              <button type="button" className="btn btn-ghost" onClick={p.onClose}>Cancel</button>
              <Reasoned reason={p.submitDisabled ? p.submitReason : undefined}>
                <button type="submit" className={`btn btn-${p.tone ?? 'primary'}`} disabled={p.pending || p.submitDisabled}>
                  {p.submitLabel}
                </button>
              </Reasoned>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
