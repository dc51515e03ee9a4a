/** The sign-in form's behaviour: validation, the call, the 2FA step and server errors (spec §5, §8). */
import { useState } from 'react';
import { useLocation } from 'wouter';
import { normaliseError } from '../../api';
import { getConfig } from '../../config';
import { t } from '../../i18n';
import { signInWith } from '../../state/session';
import { serverFieldErrors, validateLogin, type LoginErrors, type LoginValues } from './validate';

export type SignInStep = 'credentials' | 'otp';

export function useSignIn() {
  const { captchaType, captchaSiteKey } = getConfig();
  // Without a site key no widget can render, so asking for a response would lock everyone out.
  const captcha = captchaType !== 'none' && captchaSiteKey ? { provider: captchaType, siteKey: captchaSiteKey } : null;
  const [, navigate] = useLocation();
  const [step, setStep] = useState<SignInStep>('credentials');
  const [values, setValues] = useState<LoginValues>({ identity: '', password: '', otp_code: '' });
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaResetKey, setCaptchaResetKey] = useState(0);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const setValue = (name: keyof LoginValues, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Clear the complaint about a field as soon as the user starts fixing it.
    setErrors((e) => (e[name] ? { ...e, [name]: undefined } : e));
  };

  const onCaptcha = (token: string | null) => {
    setCaptchaToken(token);
    if (token) setErrors((e) => ({ ...e, captcha: undefined }));
  };

  const submit = async () => {
    const found = validateLogin(values, step, captcha ? captchaToken : undefined);
    setErrors(found);
    setFormError(null);
    if (Object.values(found).some(Boolean)) return;
    setPending(true);
    try {
      const landing = await signInWith({
        identity: values.identity.trim(),
        password: values.password,
        ...(captcha && captchaToken ? { captcha_response: captchaToken } : {}),
        ...(step === 'otp' ? { otp_code: values.otp_code.trim() } : {}),
      });
      if (landing !== 'external') navigate(landing, { replace: true });
    } catch (err) {
      const e = normaliseError(err);
      if (captcha) {
        setCaptchaToken(null);
        setCaptchaResetKey((k) => k + 1);
      }
      const first = e.messages[0];
      if (first === 'identity.session.missing_otp') {
        setStep('otp');
        return;
      }
      const fieldErrors = serverFieldErrors(e.fields, t);
      if (captcha && first?.startsWith('identity.captcha.')) fieldErrors.captcha ??= t(first);
      else setFormError(t(first));
      setErrors(fieldErrors);
    } finally {
      setPending(false);
    }
  };

  const backToCredentials = () => {
    setStep('credentials');
    setValues((v) => ({ ...v, otp_code: '' }));
    setErrors({});
    setFormError(null);
  };

  return { step, values, setValue, captcha, onCaptcha, captchaResetKey, errors, formError, pending, submit, backToCredentials };
}
