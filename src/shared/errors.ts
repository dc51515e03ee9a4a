/**
 * The error-code catalogue shared by server and client. Codes are OpenWare's where OpenWare has one
 * (see shared/reference/openware-api.md §1.5); the server only ever puts codes from here on the wire,
 * and the client turns them into the spec's messages through its translation table.
 */
export const ERRORS = {
  // transport / generic
  'server.internal_error': 500,
  'server.method_not_allowed': 405,
  'server.method.invalid_message_body': 400,
  'server.payload_too_large': 413,
  'server.unsupported_media_type': 415,
  'server.too_many_requests': 429,
  // Too many sign-ins are hashing passwords right now; the server refuses at once rather than queue (Retry-After).
  'server.busy': 503,
  // The database cannot be reached right now (restarting, connection lost); the server reconnects by itself.
  'server.database_unavailable': 503,
  // Request input PostgreSQL cannot store (a NUL byte, an unpaired UTF-16 surrogate), and over-deep JSON.
  'server.request.invalid_characters': 400,
  'server.request.too_deep': 400,
  'server.request.uri_too_long': 414,
  'record.not_found': 404,
  'route.not_found': 404,
  // authz (gateway)
  'authz.invalid_session': 401,
  'authz.client_session_mismatch': 401,
  'authz.missing_csrf_token': 401,
  'authz.csrf_token_mismatch': 401,
  'authz.user_not_active': 401,
  'authz.invalid_permission': 401,
  'authz.permission_denied': 401,
  // identity
  'identity.session.missing_email': 422,
  'identity.session.missing_identity': 422,
  'identity.session.missing_password': 422,
  'identity.session.invalid_captcha_format': 422,
  'identity.session.invalid_email': 422,
  'identity.session.invalid_identity': 422,
  'identity.session.invalid_password': 422,
  'identity.session.invalid_otp_code': 422,
  'identity.session.invalid_params': 401,
  'identity.session.banned': 401,
  'identity.session.deleted': 401,
  'identity.session.not_active': 401,
  'identity.session.missing_otp': 401,
  'identity.session.invalid_otp': 403,
  'identity.session.not_found': 404,
  'identity.session.too_many_attempts': 429,
  'identity.captcha.required': 400,
  'identity.captcha.verification_failed': 422,
  'totp.error': 422,
  // admin
  'admin.ability.not_permitted': 401, // the exchange service answers it with 403
  'admin.metrics.invalid_period': 422,
  'admin.metrics.invalid_timezone': 422,
  'admin.metrics.invalid_range': 422,
  'admin.metrics.invalid_country_code': 422,
  'admin.pagination.non_integer_page': 422,
  'admin.pagination.non_positive_page': 422,
  'admin.pagination.non_integer_limit': 422,
  'admin.pagination.invalid_limit': 422,
  'admin.pagination.invalid_ordering': 422,
  // Log lists (keyset paging, capped totals; src/server/db/queries/paging.ts)
  'admin.pagination.page_too_deep': 422,
  'admin.pagination.invalid_cursor': 422,
  'admin.pagination.invalid_before_id': 422,
  'admin.activity.invalid_range': 422,
  'admin.pagination.invalid_page': 422,
  'admin.pagination.invalid_order_by': 422,
  'admin.filter.range_from_invalid': 422,
  'admin.filter.range_to_invalid': 422,
  'admin.permissions.invalid_verb': 422,
  'admin.permissions.invalid_action': 422,
  'admin.permission.role_doesnt_exist': 422,
  'admin.permission.doesnt_exist': 404,
  // users area (field validation adds admin.<user|label|comment|profile|member>.missing_/empty_/invalid_<field>)
  'admin.user.doesnt_exist': 404,
  'admin.user.superadmin_change': 422,
  'admin.user.update_himself': 422,
  'admin.user.enable_2fa': 422,
  'admin.user.state_no_change': 422,
  'admin.user.otp_no_change': 422,
  'admin.user.role_no_change': 422,
  'admin.user.email_no_change': 422,
  'admin.user.phone_number_no_change': 422,
  'admin.user.invalid_phone_number': 422,
  'admin.user.referral_uid_no_change': 422,
  'admin.user.referrer_doesnt_exist': 422,
  'admin.user.referrer_himself': 422,
  'admin.user.referral_cycle': 422,
  'admin.user.invalid_referral_uid': 422,
  'admin.user.one_of_state_otp': 422,
  'admin.user.one_of_state_otp_email_phone_number': 422,
  'admin.user.invalid_range': 422,
  'admin.user.non_boolean_extended': 422,
  'admin.user.non_boolean_replace': 422,
  'superadmin.user.update_email': 422,
  'user.ordering.invalid_ordering': 422,
  'user.ordering.invalid_attribute': 422,
  'role.doesnt_exist': 422,
  'email.taken': 422,
  'key.taken': 422,
  'admin.label.doesnt_exist': 404,
  'admin.label.key_too_long': 422,
  'admin.label.value_too_long': 422,
  'admin.comment.doesnt_exist': 404,
  'admin.comments.title_too_long': 422,
  'admin.comments.data_too_long': 422,
  'admin.profiles.doesnt_exist_or_not_editable': 404,
  'admin.profiles.superadmin_change': 422,
  'admin.member.doesnt_exist': 404,
  'admin.member.invalid_group': 422,
  'admin.member.lock_not_permitted': 403,
  'admin.member.not_investor': 422,
  'admin.member.one_of_amount_percentage': 422,
  'admin.member.missing_currency': 422,
  'admin.member.account_doesnt_exist': 422,
  'admin.member.insufficient_balance': 422,
  'admin.member.insufficient_locked': 422,
  // An amount with more decimals than the currency's precision (currencies.precision) is refused, not rounded.
  'admin.member.amount_exceeds_precision': 422,
  'admin.notification.uid_doesnt_exist': 404,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERRORS | `${string}.${string}`;

/** The body of every error response: `{"errors": [codes]}`, with optional per-field codes for forms. */
export interface ErrorBody {
  errors: string[];
  fields?: Record<string, string[]>;
}

/** Login-form and redirect code sets named by the spec (§8). */
export const SIGN_IN_REDIRECT_CODES = [
  'authz.csrf_token_mismatch',
  'authz.missing_csrf_token',
  'authz.invalid_session',
  'authz.client_session_mismatch',
] as const;

export const LOGIN_FORM_CODES = [
  'identity.captcha.required',
  'identity.captcha.verification_failed',
  'identity.session.invalid_params',
  'identity.session.resend_time',
  'identity.session.invalid_otp',
  'totp.error',
] as const;
