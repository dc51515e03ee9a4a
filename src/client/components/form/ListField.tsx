/**
 * A `list` field (a wallet's currencies): one checkbox per choice, in a group labelled by the field.
 * The form holds the chosen values as JSON text, so change detection stays a string comparison.
 */
import { Checkbox, CheckboxGroup, Label } from 'react-aria-components';

export const parseList = (text: string): string[] => {
  try { const v: unknown = JSON.parse(text || '[]'); return Array.isArray(v) ? v.map(String) : []; } catch { return []; }
};

interface Props {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly { value: string; label: string }[];
  error?: string;
  disabled?: boolean;
}

export function ListField({ name, label, value, onChange, options, error, disabled }: Props) {
  const chosen = parseList(value);
  // Values no longer among the choices (a currency since removed) stay visible so they can be unticked.
  const all = [...options, ...chosen.filter((c) => !options.some((o) => o.value === c)).map((c) => ({ value: c, label: c }))];
  return (
    <CheckboxGroup className="field list-field" name={name} value={chosen} isDisabled={disabled} isInvalid={!!error}
      onChange={(next) => onChange(JSON.stringify(all.map((o) => o.value).filter((v) => next.includes(v))))}>
      <Label className="field-label">{label}</Label>
      <div className="list-field-options">
        {all.map((o) => (
          <Checkbox key={o.value} value={o.value} className="list-field-option">
            <span className="list-field-box" aria-hidden="true" />{o.label}
          </Checkbox>
        ))}
      </div>
      {error && <div className="field-error" role="alert">{error}</div>}
    </CheckboxGroup>
  );
}
