/**
 * A key/value editor for a `map` field (a currency's options): one row per setting, Add setting appends
 * an empty row, a row's × removes it, and the declared fixed keys have no × and a locked key. The form
 * holds the pairs as JSON text ([[key, value], …]) so change detection stays a string comparison;
 * form-model turns it into the object the wire takes.
 */
import { Input, TextField } from 'react-aria-components';
import { Icon } from '../ui/Icon';

export type Pairs = Array<[string, string]>;

export function parsePairs(text: string): Pairs {
  try {
    const v: unknown = JSON.parse(text || '[]');
    return Array.isArray(v) ? v.filter((p): p is [string, string] => Array.isArray(p) && p.length === 2).map(([k, x]) => [String(k), String(x)]) : [];
  } catch { return []; }
}

interface Props {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  fixedKeys?: readonly string[];
  error?: string;
  disabled?: boolean;
}

export function MapField({ name, label, value, onChange, fixedKeys = [], error, disabled }: Props) {
  const pairs = parsePairs(value);
  const set = (next: Pairs) => onChange(JSON.stringify(next));
  const edit = (i: number, at: 0 | 1, text: string) => set(pairs.map((p, j) => (j === i ? (at === 0 ? [text, p[1]] : [p[0], text]) : p)));
  return (
    <fieldset className="field map-field" data-field={name} disabled={disabled} aria-invalid={!!error || undefined}>
      <legend className="field-label">{label}</legend>
      {pairs.map(([k, v], i) => {
        const fixed = fixedKeys.includes(k);
        return (
          <div className="map-row" key={i}>
            <TextField className="map-key" value={k} onChange={(t) => edit(i, 0, t)} isDisabled={disabled || fixed} aria-label={`Setting ${i + 1} name`}>
              <Input className="input" autoComplete="off" placeholder="name" />
            </TextField>
            <TextField className="map-value" value={v} onChange={(t) => edit(i, 1, t)} isDisabled={disabled} aria-label={`${k || `Setting ${i + 1}`} value`}>
              <Input className="input" autoComplete="off" placeholder="value" />
            </TextField>
            {fixed
              ? <span className="map-fixed" title={`${k} is always present`} />
              : <button type="button" className="cell-action" aria-label={`Remove ${k || `setting ${i + 1}`}`} disabled={disabled}
                  onClick={() => set(pairs.filter((_, j) => j !== i))}><Icon name="trash" size={14} /></button>}
          </div>
        );
      })}
      <button type="button" className="btn btn-ghost btn-sm" disabled={disabled} onClick={() => set([...pairs, ['', '']])}>Add setting</button>
      {error && <div className="field-error" role="alert">{error}</div>}
    </fieldset>
  );
}

/** The wire object of the pairs: blank names dropped, numbers and booleans as such, the rest as text. */
export function pairsToObject(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of parsePairs(text)) {
    const key = k.trim();
    if (!key) continue;
    const t = v.trim();
    out[key] = /^-?\d{1,15}(\.\d{1,15})?$/.test(t) ? Number(t) : t === 'true' ? true : t === 'false' ? false : v;
  }
  return out;
}

/** The form text of a stored object: its pairs, fixed keys first (added empty when missing). */
export function objectToPairs(v: unknown, fixedKeys: readonly string[] = []): string {
  const obj = v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  const keys = [...fixedKeys, ...Object.keys(obj).filter((k) => !fixedKeys.includes(k))];
  return JSON.stringify(keys.map((k) => [k, obj[k] === undefined || obj[k] === null ? '' : String(obj[k])]));
}
