/** The Main Info tab: the panels of spec §2, in two columns on a wide screen. */
import type { UserDetail } from '../../api/users';
import { AccountPanel } from './AccountPanel';
import { AccountsPanel } from './AccountsPanel';
import { CommentsPanel } from './CommentsPanel';
import { ContactPanel } from './ContactPanel';
import { KycPanel } from './KycPanel';
import { LabelsPanel } from './LabelsPanel';
import { ProfilePanel } from './ProfilePanel';
import { useUserRules } from './rules';
import { StateLogPanel } from './StateLogPanel';
import { VerificationsPanel } from './VerificationsPanel';

export function MainInfo({ user }: { user: UserDetail }) {
  const rules = useUserRules(user);
  // Keyed by uid: a referrer link opens another user, whose half-typed inputs must not carry over.
  return (
    <div className="u-main" key={user.uid}>
      <div className="u-col">
        <AccountPanel user={user} rules={rules} />
        <ContactPanel user={user} rules={rules} />
        {rules.showKyc && <KycPanel user={user} rules={rules} />}
        {rules.showVerifications && <VerificationsPanel uid={user.uid} />}
        <LabelsPanel user={user} rules={rules} />
      </div>
      <div className="u-col">
        <AccountsPanel user={user} rules={rules} />
        <ProfilePanel user={user} rules={rules} />
        <CommentsPanel reason={rules.reasons.comments} />
      </div>
      <StateLogPanel user={user} />
    </div>
  );
}
