/**
 * Email and phone number (spec §5 Phone change, §6 Admin powers). The phone is typed as a country's
 * dialling code plus the number and sent as the code digits prefixed. An email change is for whoever may
 * update the user's email (spec §6: admins too), never on a superadmin by anyone else, nor on oneself.
 */
import { useId, useState } from 'react';
import { emailField, phoneField } from '../../../shared/users';
import { formatPhone } from '../../../shared/phone';
import type { UserDetail } from '../../api/users';
import { Field } from '../../components/ui/Field';
import { setEmail, setPhone } from '../../state/user-detail';
import { dialCodes, fullPhone } from './dial-codes';
import { Panel, Reasoned } from './Panel';
import type { UserRules } from './rules';

function EmailForm({ user, reason }: { user: UserDetail; reason?: string }) {
  const [email, setValue] = useState(user.email);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const changed = email.trim() !== user.email;
  const save = async () => {
    const [err] = emailField().validate(email, { coerce: true });
    if (err) { setError('Invalid Email'); return; }
    setSaving(true);
    await setEmail(email.trim());
    setSaving(false);
  };
  return (
    <form className="u-inline-form" onSubmit={(e) => { e.preventDefault(); if (changed) void save(); }}>
      <Reasoned reason={reason}>
        <Field label="Email" name="email" type="email" value={email} error={error} disabled={!!reason}
          onChange={(e) => { setValue(e.target.value); setError(undefined); }} />
      </Reasoned>
      {!reason && <button type="submit" className="btn btn-secondary btn-sm" disabled={!changed || saving}>Save email</button>}
    </form>
  );
}

function PhoneForm({ user, reason }: { user: UserDetail; reason?: string }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!code) { setError('Choose a country code'); return; }
    const phone = fullPhone(code, number);
    const [err] = phoneField().validate(phone, { coerce: true });
    if (err) { setError('Enter a valid phone number'); return; }
    setSaving(true);
    if (await setPhone(phone)) setNumber('');
    setSaving(false);
  };
  return (
    <form className="u-phone" onSubmit={(e) => { e.preventDefault(); void save(); }}>
      <div className="u-phone-current">
        <span className="field-label">Phone number</span>
        <span className="u-mono">{formatPhone(user.phone_number) || <span className="u-muted">None</span>}</span>
      </div>
      <Reasoned reason={reason}>
        <div className="u-phone-inputs">
          <div className="field">
            <label className="field-label" htmlFor={`${id}-cc`}>Country code</label>
            <select id={`${id}-cc`} className="select-native u-cc" value={code} disabled={!!reason}
              onChange={(e) => { setCode(e.target.value); setError(undefined); }}>
              <option value="">Select…</option>
              {dialCodes().map((c) => <option key={c.iso} value={c.code}>{c.name} (+{c.code})</option>)}
            </select>
          </div>
          <Field label="New number" name="phone" inputMode="tel" value={number} error={error} disabled={!!reason}
            onChange={(e) => { setNumber(e.target.value); setError(undefined); }} />
          {!reason && <button type="submit" className="btn btn-secondary btn-sm" disabled={!number.trim() || saving}>Save phone</button>}
        </div>
      </Reasoned>
    </form>
  );
}

export function ContactPanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  return (
    <Panel title="Contact">
      <div className="u-fields u-fields-1">
        <EmailForm user={user} reason={rules.reasons.email} />
        <PhoneForm user={user} reason={rules.reasons.phone} />
      </div>
    </Panel>
  );
}
