/**
 * One form input on react-aria-components: text, multi-line text, number, a choice or a switch, with
 * the spec's message in red underneath (spec §8) and, when disabled, the reason in a tooltip.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import {
  Button, FieldError, Input, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Switch, TextArea, TextField,
} from 'react-aria-components';
import { Tooltip } from './Tooltip';
import { Icon } from '../ui/Icon';
import { typeAhead } from './type-ahead';

export type InputKind = 'text' | 'textarea' | 'number' | 'choice' | 'switch';

export interface FieldProps {
  name: string;
  label: string;
  kind: InputKind;
  value: string | boolean;
  onChange(value: string | boolean): void;
  error?: string;
  required?: boolean;
  /** Why the field cannot be changed; the field is disabled when set. */
  disabledReason?: string;
  /** The choices; `disabled` says why one cannot be chosen (shown beside it, greyed out). */
  options?: readonly { value: string; label: string; disabled?: string }[];
  autoFocus?: boolean;
  /** A control beside the input (a Reset button). */
  action?: ReactNode;
}

function WithReason({ reason, children }: { reason?: string; children: ReactNode }) {
  if (!reason) return <>{children}</>;
  return <Tooltip content={reason} focusable className="field-locked">{children}</Tooltip>;
}

function ChoiceField({ name, label, value, onChange, error, required, disabledReason, options = [], autoFocus }: FieldProps) {
  const field = useRef<HTMLDivElement>(null);
  // Ahead of react-aria's own type-ahead (first label starting with the text), on the closed button and in
  // the open list alike (the list's popover is inside this element in React's tree): type-ahead.ts's rule.
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || disabledReason || !field.current) return;
    const target = e.target instanceof Element ? e.target : null;
    const list = target?.closest('[role="listbox"]');
    const items = list ? [...list.querySelectorAll<HTMLElement>('[role="option"]')] : [];
    const from = list ? items.indexOf(target!.closest<HTMLElement>('[role="option"]')!) : options.findIndex((o) => o.value === String(value));
    const found = typeAhead(field.current, e.key, options, from);
    if (!found) return;
    e.preventDefault();
    e.stopPropagation();
    // A choice that cannot be chosen is not chosen by typing either (as a native select's disabled option).
    if (found.at < 0 || options[found.at]!.disabled) return;
    // Open: the option takes the focus (Enter chooses it); closed: it is chosen, as react-aria's would be.
    if (list) items[found.at]?.focus();
    else if (options[found.at]!.value !== String(value)) onChange(options[found.at]!.value);
  };
  return (
    <div ref={field} className="choice-field" onKeyDownCapture={onKey}>
      <Select className="field" name={name} value={value === '' ? null : String(value)} isRequired={required}
        onChange={(k) => onChange(k === null ? '' : String(k))} isDisabled={!!disabledReason} isInvalid={!!error}
        autoFocus={autoFocus} placeholder="Select…">
        <Label className="field-label">{label}</Label>
        <Button className="input select-trigger">
          <SelectValue className="select-value" />
          <Icon name="chevronRight" size={14} className="select-chevron" />
        </Button>
        <FieldError className="field-error">{error}</FieldError>
        <Popover className="select-popover" offset={4}>
          <ListBox className="select-list">
            {options.map((o) => (
              <ListBoxItem key={o.value} id={o.value} className="select-option" textValue={o.label} isDisabled={!!o.disabled}>
                {o.label}{o.disabled && <span className="select-option-reason"> — {o.disabled}</span>}
              </ListBoxItem>
            ))}
          </ListBox>
        </Popover>
      </Select>
    </div>
  );
}

export function FormField(props: FieldProps) {
  const { name, label, kind, value, onChange, error, required, disabledReason, autoFocus } = props;
  let control: ReactNode;
  if (kind === 'choice') control = <ChoiceField {...props} />;
  else if (kind === 'switch') {
    control = (
      <Switch className="form-switch" name={name} isSelected={value === true} onChange={onChange} isDisabled={!!disabledReason} autoFocus={autoFocus}>
        <span className="form-switch-track" aria-hidden="true"><span className="form-switch-thumb" /></span>
        <span className="field-label">{label}</span>
      </Switch>
    );
  } else {
    control = (
      <TextField className="field" name={name} value={String(value)} onChange={onChange} isRequired={required}
        isInvalid={!!error} isDisabled={!!disabledReason} autoFocus={autoFocus}
        inputMode={kind === 'number' ? 'numeric' : undefined}>
        <Label className="field-label">{label}</Label>
        {kind === 'textarea' ? <TextArea className="input textarea" rows={4} /> : <Input className="input" autoComplete="off" />}
        <FieldError className="field-error">{error}</FieldError>
      </TextField>
    );
  }
  return (
    <div className={props.action ? 'form-row form-row-action' : 'form-row'} data-field={name}>
      <WithReason reason={disabledReason}>{control}</WithReason>{props.action}
    </div>
  );
}
