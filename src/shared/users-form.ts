/**
 * One validation outcome for both sides of the users area: the server answers 422 with `errors` and
 * `fields` (wire codes), the console shows `messages` under the fields. Codes follow Barong:
 * `<prefix>.missing_<f>`, `<prefix>.empty_<f>`, `<prefix>.invalid_<f>`, `<prefix>.<f>_too_long`, and a
 * whole-body rule (a refinement without a path, e.g. one_of_amount_percentage) is `<prefix>.<rule>`.
 */
import { collectFailures, type Failure } from './validation.js';
import type { Struct } from 'superstruct';
import type { FormMessages } from './users.js';

export type FormResult<T> =
  | { ok: true; value: T }
  | { ok: false; errors: string[]; fields: Record<string, string[]>; messages: Record<string, string> };

export interface FormOptions {
  /** Code prefix, e.g. 'admin.label'. */
  prefix: string;
  messages?: FormMessages;
  /**
   * Code overrides keyed `<field>.<refinement>` or `<field>.<kind>`, for codes Barong spells differently
   * (admin.comments.title_too_long, admin.pagination.non_positive_page).
   */
  codes?: Record<string, string>;
}

function kindOf(f: Failure): string {
  if (f.value === undefined) return 'missing';
  if (f.refinement === 'empty') return 'empty';
  if (f.refinement === 'too_long') return 'too_long';
  return 'invalid';
}

export function validateForm<T, S>(struct: Struct<T, S>, input: unknown, opts: FormOptions): FormResult<T> {
  const [err, value] = struct.validate(input, { coerce: true });
  if (!err) return { ok: true, value: value as T };
  const code = (key: string, f: Failure) => {
    const kind = kindOf(f);
    // A whole-body rule (a refinement without a path) is `<prefix>.<rule>`.
    if (!f.path.length && f.refinement) return `${opts.prefix}.${f.refinement}`;
    const override = (f.refinement && opts.codes?.[`${key}.${f.refinement}`]) || opts.codes?.[`${key}.${kind}`];
    return override || (kind === 'too_long' ? `${opts.prefix}.${key}_too_long` : `${opts.prefix}.${kind}_${key}`);
  };
  const message = (key: string, f: Failure) => {
    const kind = kindOf(f);
    const m = Object.hasOwn(opts.messages ?? {}, key) ? opts.messages?.[key] : undefined;
    return (f.refinement && m?.[f.refinement]) || m?.[kind] || (kind === 'missing' || kind === 'empty' ? 'Required' : 'Invalid value');
  };
  return { ok: false, ...collectFailures(err, code, message) };
}
