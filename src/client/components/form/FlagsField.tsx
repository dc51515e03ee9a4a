/**
 * The switches of a `flags` map field (a payment method's five provider flags): one switch per declared
 * key, in declared order. The form holds the map as JSON text so change detection stays a string
 * comparison; form-model turns it into the object the wire takes (only the changed keys on edit).
 */
import { Switch } from 'react-aria-components';

/** The map a form text holds: every declared key, false when missing. */
export function parseFlags(text: string, keys: readonly string[]): Record<string, boolean> {
  let v: unknown;
  try { v = JSON.parse(text || '{}'); } catch { v = {}; }
  const obj = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  return Object.fromEntries(keys.map((k) => [k, obj[k] === true]));
}

/** The form text of a stored map, keys in declared order. */
export const flagsText = (v: unknown, keys: readonly string[]): string => JSON.stringify(parseFlags(JSON.stringify(v ?? {}), keys));

interface Props {
  name: string;
  label: string;
  value: string;
  keys: readonly string[];
  /** How each key reads ('On-ramp provider'); the key itself otherwise. */
  labels?: Readonly<Record<string, string>>;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
}

export function FlagsField({ name, label, value, keys, labels = {}, onChange, error, disabled }: Props) {
  const flags = parseFlags(value, keys);
  return (
    <fieldset className="field flags-field" data-field={name} disabled={disabled} aria-invalid={!!error || undefined}>
      <legend className="field-label">{label}</legend>
      {keys.map((k) => (
        <Switch key={k} className="form-switch" name={`${name}.${k}`} isSelected={flags[k]} isDisabled={disabled}
          onChange={(on) => onChange(JSON.stringify({ ...flags, [k]: on }))}>
          <span className="form-switch-track" aria-hidden="true"><span className="form-switch-thumb" /></span>
          <span className="field-label">{labels[k] ?? k}</span>
        </Switch>
      ))}
      {error && <div className="field-error" role="alert">{error}</div>}
    </fieldset>
  );
}
