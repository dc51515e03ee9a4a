/** Sign-in validation with the spec's messages (§5 Login). */
export type LoginField = 'identity' | 'password' | 'otp_code' | 'captcha';
export type LoginErrors = Partial<Record<LoginField, string>>;

export interface LoginValues {
  identity: string;
  password: string;
  otp_code: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * `captcha` is undefined when no captcha is configured, null while unanswered.
 * On the 2FA step only the code is checked: the credentials were accepted already.
 */
export function validateLogin(v: LoginValues, step: 'credentials' | 'otp', captcha: string | null | undefined): LoginErrors {
  const errors: LoginErrors = {};
  if (step === 'credentials') {
    if (!v.identity.trim()) errors.identity = 'Please enter your email';
    else if (!EMAIL.test(v.identity.trim())) errors.identity = 'Invalid Email';
    if (!v.password) errors.password = 'Please enter your password';
  } else if (!v.otp_code.trim()) {
    errors.otp_code = 'Code Required';
  }
  if (captcha === null) errors.captcha = 'Verify the captcha';
  return errors;
}

/** Server field names → form fields (Barong says email where the console says identity). */
const SERVER_FIELDS: Record<string, LoginField> = {
  identity: 'identity', email: 'identity', password: 'password', otp_code: 'otp_code', captcha_response: 'captcha',
};

export function serverFieldErrors(fields: Record<string, string[]> | undefined, translate: (c: string) => string): LoginErrors {
  const errors: LoginErrors = {};
  for (const [name, codes] of Object.entries(fields ?? {})) {
    const field = SERVER_FIELDS[name];
    if (field && codes?.length) errors[field] = translate(codes[0]);
  }
  return errors;
}
