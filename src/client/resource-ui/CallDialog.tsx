/**
 * The dialog of a row's write call (a blockchain's "Scan block"), or of a list's (no row: restrictions'
 * whitelink): its params as fields, checked with the params' own structs, submit disabled until every
 * required one is filled (spec §5 Block scan); the server's refusal shows in the dialog, success closes it
 * with the call's toast — or, for a call that `reveal`s its answer, keeps it open showing the answer to copy.
 * A call with `confirm` (a deposit's refund) first asks, through the one ConfirmDialog, with the change
 * before → after and the params, and sends only on Confirm; Back (its safe answer, focused) returns to the
 * params. What is typed is kept as a local draft (use-draft.ts) like every engine form's, unless the
 * params came filled in (the palette's).
 */
import { useState, type FormEvent } from 'react';
import { Dialog, Form, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { object } from 'superstruct';
import { keyOf, labelOf, type CallDef, type Resource } from '../../shared/resources/define';
import { fieldStruct } from '../../shared/resources/field-structs';
import { runCall, type Row } from '../api/resources';
import { FormField } from '../components/form/FormField';
import { ConfirmDialog } from '../components/ui/ConfirmDialog';
import { errorText } from '../i18n/error-text';
import { DraftNote } from '../components/form/DraftNote';
import { useDraft } from '../components/form/use-draft';
import { isSecretField } from '../state/drafts';
import { notifySuccess } from '../state/toasts';

interface Props {
  resource: Resource; row?: Row; call: CallDef; onClose(): void; onDone(answer: unknown): void;
  /** Params filled in ahead (the palette's "Scan block N on <chain>"). */
  initial?: Record<string, string>;
}

export default function CallDialog({ resource: r, row, call, onClose, onDone, initial = {} }: Props) {
  const params = call.params ?? {};
  const names = Object.keys(params);
  const prefilled = names.some((n) => initial[n] !== undefined);
  const draft = useDraft<Record<string, string>>(prefilled ? null : `${r.name}/call/${call.name}${row ? `/${String(keyOf(r, row))}` : ''}`,
    Object.fromEntries(names.map((n) => [n, initial[n] ?? (params[n]!.default !== undefined ? String(params[n]!.default) : '')])),
    (n) => isSecretField(n, { writeOnly: params[n]?.writeOnly }));
  const { values, setValues } = draft;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState<string | null>(null);
  /** The checked params awaiting confirmation (a call with `confirm`). */
  const [confirming, setConfirming] = useState<Record<string, unknown> | null>(null);
  const ready = names.every((n) => !params[n]!.required || values[n]!.trim() !== '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = Object.fromEntries(names.filter((n) => values[n] !== '').map((n) => [n, values[n]!.trim()]));
    const [err, checked] = object(Object.fromEntries(names.map((n) => [n, fieldStruct(params[n]!, params[n]!.required)]))).validate(body, { coerce: true });
    if (err) {
      const bad = String(err.path[0] ?? names[0]);
      setErrors({ [bad]: params[bad]?.invalidMessage ?? params[bad]?.message ?? 'Invalid value' });
      return;
    }
    if (call.confirm && row) { setFailure(null); setConfirming(checked as Record<string, unknown>); return; }
    await send(checked as Record<string, unknown>);
  };
  const send = async (checked: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await runCall(r, call, row && keyOf(r, row), checked);
      draft.done();
      notifySuccess(call.success ? call.success(answer, checked) : `${call.label} done`);
      onDone(answer);
      if (call.reveal) setRevealed(call.reveal(answer, window.location.origin));
      else onClose();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalOverlay className="modal-overlay" isOpen isDismissable onOpenChange={(open) => !open && onClose()}>
      <Modal className="modal modal-form">
        <Dialog className="dialog" aria-label={call.label}>
          <Heading slot="title" className="dialog-title">{call.label}{row && <span className="dialog-subtitle">{String(row.name ?? keyOf(r, row))}</span>}</Heading>
          {revealed !== null ? <Revealed text={revealed} onClose={onClose} /> : <Form className="resource-form" onSubmit={submit} validationBehavior="aria">
            <div className="form-fields">
              <DraftNote at={draft.restoredAt} onDiscard={() => { draft.discard(); setErrors({}); setFailure(null); }} />
              {names.map((n, i) => (
                <FormField key={n} name={n} label={labelOf(n, params[n])} kind={params[n]!.kind === 'number' ? 'number' : 'text'}
                  required={params[n]!.required} value={values[n]!} error={errors[n]} autoFocus={i === 0}
                  onChange={(v) => {
                    setValues((s) => ({ ...s, [n]: String(v) }));
                    // A required param emptied says so at once (spec §5 Block scan: "Required"), not only by a disabled button.
                    setErrors(params[n]!.required && String(v).trim() === '' ? { [n]: params[n]!.message ?? 'Required' } : {});
                    setFailure(null);
                  }} />
              ))}
            </div>
            {failure && !confirming && <p className="form-failure" role="alert">{failure}</p>}
            <div className="form-actions">
              <button type="button" className="btn btn-ghost" onClick={onClose}>Cancel</button>
              <button type="submit" className="btn btn-primary" disabled={!ready || busy}
                title={ready ? undefined : 'Fill in the required fields first'}>{call.submit ?? call.label}</button>
            </div>
          </Form>}
          {confirming && call.confirm && row && (
            <ConfirmDialog isOpen title={`${call.label}?`} confirmLabel={`Confirm ${(call.submit ?? call.label).toLowerCase()}`} cancelLabel="Back"
              tone="danger" pending={busy} onConfirm={() => void send(confirming)} onCancel={() => { setConfirming(null); setFailure(null); }}>
              <p className="before-after">
                {labelOf(call.confirm.field, r.fields[call.confirm.field])}: <strong>{capital(row[call.confirm.field])}</strong> → <strong>{capital(call.confirm.to)}</strong>
              </p>
              {names.filter((n) => confirming[n] !== undefined).map((n) => (
                <p key={n} className="before-after">{labelOf(n, params[n])}: <strong className="u-mono">{String(confirming[n])}</strong></p>
              ))}
              {failure && <p className="form-failure" role="alert">{failure}</p>}
            </ConfirmDialog>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

const capital = (v: unknown) => { const s = String(v ?? '').replace(/_/g, ' '); return s.charAt(0).toUpperCase() + s.slice(1); };

/** A call's answer to take away: shown once, selectable, with Copy. */
function Revealed({ text, onClose }: { text: string; onClose(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="call-reveal">
      <textarea className="call-reveal-text" readOnly value={text} aria-label="Result to copy" rows={3} autoFocus
        onFocus={(e) => e.currentTarget.select()} />
      <div className="form-actions">
        <button type="button" className="btn btn-secondary"
          onClick={() => { void navigator.clipboard?.writeText(text).then(() => setCopied(true), () => undefined); }}>{copied ? 'Copied' : 'Copy'}</button>
        <button type="button" className="btn btn-primary" onClick={onClose}>Done</button>
      </div>
    </div>
  );
}
