/**
 * The one translation table (English, which is also the fallback locale). Keys are the codes of
 * shared/errors.ts plus the spec's own strings; a missing key falls back to the text itself, so
 * Peatio's human-sentence model errors still read well.
 */
export const EN: Record<string, string> = {
  // transport
  'Server error': 'Server error',
  'server.internal_error': 'Server error',
  'server.too_many_requests': 'Too many requests, please wait a moment and try again.',
  'record.not_found': 'No data exists.',
  'route.not_found': 'This service is not available on the server.',
  // authz
  'authz.invalid_session': 'Session expired, Please login again.',
  'authz.client_session_mismatch': 'Session expired, Please login again.',
  'authz.missing_csrf_token': 'Session expired, Please login again.',
  'authz.csrf_token_mismatch': 'Session expired, Please login again.',
  'authz.user_not_active': 'Your account is not active.',
  'authz.invalid_permission': 'You do not have permission to do this.',
  'authz.permission_denied': 'You do not have permission to do this.',
  'admin.ability.not_permitted': 'You do not have permission to do this.',
  // sign-in
  'identity.session.invalid_params': 'Invalid Email or Password',
  'identity.session.missing_email': 'Please enter your email',
  'identity.session.missing_identity': 'Please enter your email',
  'identity.session.missing_password': 'Please enter your password',
  'identity.session.invalid_captcha_format': 'Verify the captcha',
  'identity.session.banned': 'Your account is banned.',
  'identity.session.deleted': 'Your account is deleted.',
  'identity.session.not_active': 'Your account is not active.',
  'identity.session.missing_otp': 'Code Required',
  'identity.session.invalid_otp': 'Invalid 2FA code',
  'identity.session.resend_time': 'Please wait before trying again.',
  'identity.session.too_many_attempts': 'Too many attempts, please try again later.',
  'identity.session.not_found': 'Session not found.',
  'identity.captcha.required': 'Verify the captcha',
  'identity.captcha.verification_failed': 'Captcha verification failed, please try again.',
  'totp.error': 'The 2FA service failed, please try again.',
};
