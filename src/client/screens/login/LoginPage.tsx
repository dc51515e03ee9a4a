/** /login: the sign-in card, with the 2FA step replacing the credentials once Barong asks for a code. */
import type { FormEvent } from 'react';
import { getConfig } from '../../config';
import { Field } from '../../components/ui/Field';
import { Icon } from '../../components/ui/Icon';
import { AuthLayout } from './AuthLayout';
import { Captcha } from './Captcha';
import { useSignIn } from './use-sign-in';

export default function LoginPage() {
  const f = useSignIn();
  const otp = f.step === 'otp';
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    await f.submit();
    // Keyboard users land on the first field to fix instead of hunting for it.
    requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
  };

  return (
    <AuthLayout>
      <form className="auth-form" onSubmit={onSubmit} noValidate aria-busy={f.pending}>
        {otp ? (
          <>
            <button type="button" className="link-btn auth-back" onClick={f.backToCredentials}>
              <Icon name="arrowLeft" size={14} /> Back
            </button>
            <h1 className="auth-title">2FA Verification</h1>
            <p className="auth-subtitle">Enter the 6-digit code from your authenticator app for {f.values.identity}.</p>
          </>
        ) : (
          <>
            <h1 className="auth-title">Sign in</h1>
            <p className="auth-subtitle">Staff access to the {getConfig().title} console.</p>
          </>
        )}

        {f.formError && (
          <div className="form-alert" role="alert">
            <Icon name="alert" />
            <span>{f.formError}</span>
          </div>
        )}

        {otp ? (
          <Field key="otp" label="Authentication code" name="otp_code" value={f.values.otp_code} error={f.errors.otp_code}
            onChange={(e) => f.setValue('otp_code', e.target.value.replace(/\D/g, ''))}
            inputMode="numeric" pattern="[0-9]*" autoComplete="one-time-code" maxLength={6} autoFocus
            className="field-otp" />
        ) : (
          <>
            <Field label="Email" name="identity" type="email" value={f.values.identity} error={f.errors.identity}
              onChange={(e) => f.setValue('identity', e.target.value)} autoComplete="username" autoFocus
              spellCheck={false} />
            <Field label="Password" name="password" type="password" value={f.values.password} error={f.errors.password}
              onChange={(e) => f.setValue('password', e.target.value)} autoComplete="current-password" />
          </>
        )}

        {f.captcha && (
          <Captcha provider={f.captcha.provider} siteKey={f.captcha.siteKey} onToken={f.onCaptcha}
            resetKey={f.captchaResetKey} error={f.errors.captcha} />
        )}

        <button type="submit" className="btn btn-primary btn-block" disabled={f.pending}>
          {f.pending ? (otp ? 'Verifying…' : 'Signing in…') : otp ? 'Verify' : 'Sign in'}
        </button>
      </form>
    </AuthLayout>
  );
}
