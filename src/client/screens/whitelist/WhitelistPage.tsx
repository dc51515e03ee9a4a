/**
 * Where a whitelink leads (/whitelist?token=…; restrictions' "Whitelist link"): open to anyone, signed
 * in or not. It redeems the token once (POST /identity/users/access), which whitelists the address the
 * page was opened from, and says so — or why not (used, expired, never issued).
 */
import { useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { redeemWhitelink } from '../../api/auth';
import { errorText } from '../../i18n/error-text';
import { AuthLayout } from '../login/AuthLayout';

export default function WhitelistPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [state, setState] = useState<{ kind: 'working' } | { kind: 'done'; address: string } | { kind: 'failed'; message: string }>({ kind: 'working' });
  useEffect(() => {
    let live = true;
    redeemWhitelink(token).then(
      (r) => { if (live) setState({ kind: 'done', address: r.whitelisted }); },
      (err) => { if (live) setState({ kind: 'failed', message: errorText(err) }); },
    );
    return () => { live = false; };
  }, [token]);
  return (
    <AuthLayout>
      <section className="auth-form" aria-live="polite">
        <h1 className="auth-title">Whitelist link</h1>
        {state.kind === 'working' && <p role="status">Checking the link…</p>}
        {state.kind === 'done' && <p role="status">Your address {state.address} is whitelisted. <a href="/login">Sign in</a></p>}
        {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      </section>
    </AuthLayout>
  );
}
