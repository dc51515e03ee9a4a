/** The band above the tabs: who this is at a glance (spec §2 header block, applied to the open user). */
import { useState } from 'react';
import type { UserDetail } from '../../api/users';
import { Avatar } from '../../components/ui/Avatar';
import { Icon } from '../../components/ui/Icon';
import { capitalise, displayName, STATE_TONE } from './format';
import { Timestamp } from '../../components/ui/Timestamp';

function CopyUid({ uid }: { uid: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(uid);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // Clipboard refused (insecure origin, permission): the uid stays selectable text.
    }
  };
  return (
    <button type="button" className="u-uid" onClick={copy} title="Copy UID" aria-label={`Copy UID ${uid}`}>
      <span className="u-mono">{uid}</span>
      <Icon name={copied ? 'check' : 'hash'} size={12} />
      <span className="sr-only" aria-live="polite">{copied ? 'Copied' : ''}</span>
    </button>
  );
}

export function StateBadge({ state }: { state: string }) {
  return <span className={`u-badge u-badge-${STATE_TONE[state] ?? 'grey'}`}>{capitalise(state)}</span>;
}

export function UserHeader({ user }: { user: UserDetail }) {
  const name = displayName(user);
  const picture = user.profile_url?.small?.url ?? user.profile_url?.large?.url ?? null;
  return (
    // Toasts stack below this header rather than over its facts (components/toast/Toaster.tsx).
    <div className="u-card u-header" data-toast-anchor="">
      <Avatar name={user.full_name || user.email} src={picture} size={56} />
      <div className="u-header-main">
        <div className="u-header-title">
          <h2 className="u-name">{name}</h2>
          <StateBadge state={user.state} />
        </div>
        <div className="u-header-meta">
          <span>{user.email}</span>
          <span aria-hidden="true">·</span>
          <CopyUid uid={user.uid} />
        </div>
      </div>
      <dl className="u-facts">
        <div><dt>Role</dt><dd><span className="role-pill">{user.role}</span></dd></div>
        <div><dt>Level</dt><dd className="u-num">{user.level}</dd></div>
        <div><dt>2FA</dt><dd>{user.otp ? 'On' : 'Off'}</dd></div>
        <div><dt>Joined</dt><dd><Timestamp value={user.created_at} /></dd></div>
      </dl>
    </div>
  );
}
