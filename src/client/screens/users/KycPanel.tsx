/**
 * KYC switches (spec §4): each stands for a private label; on creates it with value verified, off
 * deletes it. Identity shows on for a verified or a partial profile. Shown with Level read, editable
 * with Level update (and the Label ability the server also checks).
 */
import { useState } from 'react';
import { KYC_SWITCHES, kycLabel, kycSwitchOn, type KycSwitch } from '../../../shared/users';
import type { UserDetail } from '../../api/users';
import { FormField } from '../../components/form/FormField';
import { createLabel, removeLabel } from '../../state/user-detail';
import { Panel } from './Panel';
import type { UserRules } from './rules';

const TITLES: Record<KycSwitch, string> = {
  email: 'Email', phone: 'Phone', identity: 'Identity', residence: 'Residence', accredited: 'Accredited',
};

export function KycPanel({ user, rules }: { user: UserDetail; rules: UserRules }) {
  const [busy, setBusy] = useState<KycSwitch | null>(null);
  const toggle = async (sw: KycSwitch, on: boolean) => {
    setBusy(sw);
    if (on) await createLabel(kycLabel(sw));
    else await removeLabel(KYC_SWITCHES[sw], 'private');
    setBusy(null);
  };
  return (
    <Panel title="KYC" actions={<span className="u-level">Level {user.level}</span>}>
      <div className="u-switches">
        {(Object.keys(KYC_SWITCHES) as KycSwitch[]).map((sw) => (
          <FormField key={sw} name={`kyc-${sw}`} label={TITLES[sw]} kind="switch" value={kycSwitchOn(sw, user.labels)}
            disabledReason={rules.reasons.kyc ?? (busy !== null ? 'Saving…' : undefined)}
            onChange={(on) => void toggle(sw, on === true)} />
        ))}
      </div>
    </Panel>
  );
}
