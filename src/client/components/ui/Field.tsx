/**
 * A labelled text input with its error underneath (spec §8: form errors in red under the field).
 * The error is tied to the input with aria-describedby so screen readers announce it.
 */
import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function Field({ label, error, hint, inputRef, className, ...input }: Props) {
  const id = useId();
  const describedBy = [error ? `${id}-err` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <input id={id} ref={inputRef} className="input" aria-invalid={error ? true : undefined}
        aria-describedby={describedBy} {...input} />
      {hint && !error && <p className="field-hint" id={`${id}-hint`}>{hint}</p>}
      {error && <p className="field-error" id={`${id}-err`}>{error}</p>}
    </div>
  );
}
