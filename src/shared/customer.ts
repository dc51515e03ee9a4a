/**
 * The customer identity calls' inputs (Barong 2.7 identity/users.rb, resource/*.rb), one struct per call for
 * the server and any client, and Barong's password rule (config password_regexp, password_min_entropy).
 */
import { boolean, enums, nullable, optional, refine, string, type } from 'superstruct';
import { coerceNumber, coerceString } from './validation.js';
import { profileFields } from './users.js';

/** Barong's default password_regexp: a lower, an upper, a digit, a printable character, 8 to 80 long. */
export const PASSWORD_REGEXP = '^(?=.*[a-z])(?=.*[A-Z])(?=.*[0-9])(?=.*[!-~]).{8,80}$';
/** Barong's default password_min_entropy. */
export const PASSWORD_MIN_ENTROPY = 14;

/**
 * The password's entropy in bits by NIST SP 800-63 (what StrongPassword, Barong's checker, starts from):
 * 4 bits for the first character, 2 each for the 2nd–8th, 1.5 for the 9th–20th, 1 after; 6 more for
 * both upper case and a non-letter. A character already used counts half (StrongPassword lowers repeats
 * too): `Aaaaaaaaaaaa1!` is weak though it matches the pattern. No dictionary: Barong's list is not ours.
 */
export function passwordEntropy(password: string): number {
  const seen = new Set<string>();
  let bits = 0;
  [...password].forEach((ch, i) => {
    const base = i === 0 ? 4 : i < 8 ? 2 : i < 20 ? 1.5 : 1;
    bits += seen.has(ch) ? base / 2 : base;
    seen.add(ch);
  });
  if (/[A-Z]/.test(password) && /[^A-Za-z]/.test(password)) bits += 6;
  return bits;
}

const PASSWORD = new RegExp(PASSWORD_REGEXP);
/** A new password: Barong's `password.requirements` (the pattern) and `password.weak` (the entropy). */
export const newPassword = () => refine(
  refine(string(), 'requirements', (v) => PASSWORD.test(v)), 'weak', (v) => passwordEntropy(v) >= PASSWORD_MIN_ENTROPY,
);
/** The codes Barong gives a refused new password, whatever the field is called. */
export const passwordCodes = (field: string) => ({
  [`${field}.requirements`]: 'password.requirements', [`${field}.weak`]: 'password.weak',
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** An e-mail address: trimmed, at most 255 (Barong's column), one @ and a dot after it. */
const email = () => coerceString(refine(string(), 'email', (v) => v.length <= 255 && EMAIL.test(v) && !v.includes('\u0000')),
  (v) => v.trim());
const secret = (max: number) => refine(string(), 'present', (v) => v.length > 0 && v.length <= max);
/** Captcha responses as the sign-in takes them (auth/sign-in.ts): a string, or absent. */
const captcha = () => optional(nullable(string()));
const jsonText = () => refine(string(), 'json', (v) => {
  if (v.length > 65535) return false;
  try { const j = JSON.parse(v); return j !== null && typeof j === 'object' && !Array.isArray(j); } catch { return false; }
});

export const SignUp = type({
  email: email(), password: newPassword(),
  refid: optional(nullable(refine(string(), 'format', (v) => /^ID[0-9A-F]{10}$/i.test(v)))),
  captcha_response: captcha(),
  lang: optional(nullable(refine(string(), 'lang', (v) => /^[a-z]{2}$/i.test(v)))),
  data: optional(nullable(jsonText())),
});
export const EmailOnly = type({ email: email(), captcha_response: captcha() });
export const TokenOnly = type({ token: secret(512) });
export const PasswordReset = type({ reset_password_token: secret(512), password: newPassword(), confirm_password: string() });
export const PasswordToRate = type({ password: refine(string(), 'present', (v) => v.length <= 1024) });
export const PasswordChange = type({ old_password: secret(1024), new_password: newPassword(), confirm_password: string() });

/** A customer's profile: the staff form's fields without uid, and Barong's `confirm` (submit now). */
export const CustomerProfile = type({
  ...profileFields(),
  confirm: optional(coerceString(boolean(), (v) => (v === 'true' ? true : v === 'false' ? false : v))),
});

/** E.164 digits, 8 to 15, a leading + allowed (Barong normalises with Phonelib; we keep the digits). */
const phoneNumber = () => coerceString(refine(string(), 'phone', (v) => /^\d{8,15}$/.test(v)), (v) => v.trim().replace(/^\+/, '').replace(/[\s-]/g, ''));
export const PhoneInput = type({ phone_number: phoneNumber(), channel: optional(enums(['sms'])) });
export const PhoneVerify = type({ phone_number: phoneNumber(), verification_code: secret(16) });

/** A 2FA code as the sign-in takes it (a number loses its leading zeros and then simply fails). */
export const OtpCode = type({ code: coerceNumber(secret(32), (n) => String(n)) });

/** Barong's activity topics (resource/users.rb). */
export const ACTIVITY_TOPICS = ['all', 'password', 'session', 'otp', 'account'] as const;
const intText = (min: number, max: number) => refine(
  coerceString(coerceNumber(string(), (n) => String(n)), (v) => v), 'range',
  (v) => /^\d{1,10}$/.test(v) && Number(v) >= min && Number(v) <= max,
);
export const ActivityQuery = type({
  time_from: optional(intText(0, 2 ** 31 - 1)), time_to: optional(intText(0, 2 ** 31 - 1)),
  result: optional(enums(['succeed', 'failed', 'denied'])),
  page: optional(intText(1, 1_000_000)), limit: optional(intText(1, 100)),
});
