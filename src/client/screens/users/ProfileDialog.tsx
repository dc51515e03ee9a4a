/**
 * Staff entering a profile for the user (Barong's POST /admin/profiles): a document that came by mail,
 * details taken on a call. Validated by the struct the server uses; the new profile is `submitted`, so
 * it is then verified or rejected like any other (by someone allowed to).
 */
import { useState } from 'react';
import { ProfileCreate, validateForm } from '../../../shared/users';
import { Field } from '../../components/ui/Field';
import { createProfile } from '../../state/user-detail';
import type { NewProfile } from '../../api/users';
import { FormDialog } from './Panel';

const FIELDS: ReadonlyArray<[keyof NewProfile, string, string?]> = [
  ['first_name', 'First name'], ['last_name', 'Last name'], ['dob', 'Date of birth', 'YYYY-MM-DD'],
  ['address', 'Address'], ['postcode', 'Postcode'], ['city', 'City'], ['country', 'Country', 'ISO code, e.g. DE'],
];
const EMPTY: Record<keyof NewProfile, string> = { first_name: '', last_name: '', dob: '', address: '', postcode: '', city: '', country: '' };

export function ProfileDialog({ uid, isOpen, onClose }: { uid: string; isOpen: boolean; onClose(): void }) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const close = () => { setForm(EMPTY); setErrors({}); onClose(); };
  const filled = Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim() !== '').map(([k, v]) => [k, v.trim()])) as NewProfile;
  const submit = async () => {
    const v = validateForm(ProfileCreate, { uid, ...filled }, { prefix: 'admin.profile' });
    if (!v.ok) { setErrors(v.messages); return; }
    setPending(true);
    const ok = await createProfile(filled);
    setPending(false);
    if (ok) close();
  };
  return (
    <FormDialog isOpen={isOpen} title="Add profile" submitLabel="Add profile" pending={pending} onSubmit={submit} onClose={close}
      submitDisabled={Object.keys(filled).length === 0}>
      {FIELDS.map(([k, label, hint], i) => (
        <Field key={k} label={label} name={k} value={form[k]} error={errors[k] || undefined} autoFocus={i === 0} hint={hint}
          onChange={(e) => { const value = e.target.value; setForm((f) => ({ ...f, [k]: value })); setErrors((x) => ({ ...x, [k]: '' })); }} />
      ))}
    </FormDialog>
  );
}
