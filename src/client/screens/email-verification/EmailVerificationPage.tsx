/** /email-verification: level-0 accounts land here (spec §2) until their email is confirmed. */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/ui/Icon';
import { logout, session } from '../../state/session';
import { AuthLayout } from '../login/AuthLayout';

export default function EmailVerificationPage() {
  const email = useSnapshot(session).user?.email;
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    await logout();
    setPending(false);
  };
  return (
    <AuthLayout>
      <div className="auth-form">
        <span className="auth-icon" aria-hidden="true"><Icon name="mail" size={20} /></span>
        <h1 className="auth-title">Your Email is not active.</h1>
        <p className="auth-subtitle">
          {email ? <>The address <strong>{email}</strong> has not been verified yet. </> : null}
          Follow the link in the confirmation email, then sign in again. Until then the console stays locked.
        </p>
        <button type="button" className="btn btn-secondary btn-block" onClick={signOut} disabled={pending}>
          <Icon name="logout" /> Sign out
        </button>
      </div>
    </AuthLayout>
  );
}
