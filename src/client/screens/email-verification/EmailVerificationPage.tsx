/**
 * /email-verification: level-0 accounts land here (spec §2) until their email is confirmed; the link the
 * confirmation e-mail carries (?token=…, server/auth/customer/sign-up.ts) confirms it from here, signed in
 * or not, once, then goes where a sign-in would.
 */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { useSnapshot } from 'valtio';
import { Icon } from '../../components/ui/Icon';
import { browser } from '../../browser';
import { errorText } from '../../i18n/error-text';
import { confirmEmailWith, logout, session } from '../../state/session';
import { AuthLayout } from '../login/AuthLayout';

function Confirming({ token }: { token: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    confirmEmailWith(token).then(
      (landing) => { if (live && landing !== 'external') browser.navigate(landing, true); },
      (err) => { if (live) setFailed(errorText(err)); },
    );
    return () => { live = false; };
  }, [token]);
  return failed === null
    ? <p role="status">Confirming your email…</p>
    : <p role="alert">{failed} <a href="/login">Sign in</a></p>;
}

export default function EmailVerificationPage() {
  const email = useSnapshot(session).user?.email;
  const token = new URLSearchParams(useSearch()).get('token');
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    await logout();
    setPending(false);
  };
  return (
    <AuthLayout>
      <div className="auth-form" aria-live="polite">
        <span className="auth-icon" aria-hidden="true"><Icon name="mail" size={20} /></span>
        <h1 className="auth-title">{token ? 'Email confirmation' : 'Your Email is not active.'}</h1>
        {token ? <Confirming token={token} /> : (
          <>
            <p className="auth-subtitle">
              {email ? <>The address <strong>{email}</strong> has not been verified yet. </> : null}
              Follow the link in the confirmation email, then sign in again. Until then the console stays locked.
            </p>
            <button type="button" className="btn btn-secondary btn-block" onClick={signOut} disabled={pending}>
              <Icon name="logout" /> Sign out
            </button>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
