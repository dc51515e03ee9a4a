/**
 * The one translation table (English, which is also the fallback locale): every code of shared/errors.ts
 * and the spec's own strings, plus, below the table, the messages of the codes the server builds from a
 * field's name (`admin.<resource>.invalid_<field>`, `<field>_taken`, `immutable_<field>`, …), which are
 * too many to list. A test (tests/unit/i18n-codes.test.ts) walks the catalogue, the resource registry and
 * the users-area structs and fails on any code without one or the other.
 */
export const EN: Record<string, string> = {
  // transport
  'Server error': 'Server error',
  'server.internal_error': 'Server error',
  'server.method_not_allowed': 'This action is not available here.',
  'server.method.invalid_message_body': 'The request could not be read. Reload the page and try again.',
  'server.payload_too_large': 'The request is too large.',
  'server.unsupported_media_type': 'The request format is not supported.',
  'server.too_many_requests': 'Too many requests, please wait a moment and try again.',
  'server.busy': 'The server is busy. Try again in a moment.',
  'server.database_unavailable': 'The database is not reachable right now. Try again in a moment.',
  'server.request.invalid_characters': 'The request contains characters that cannot be stored (a NUL byte or a broken character).',
  'server.request.too_deep': 'The request is nested too deeply.',
  'server.request.uri_too_long': 'The address is too long.',
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
  'identity.session.invalid_email': 'Invalid Email',
  'identity.session.invalid_identity': 'Invalid Email',
  'identity.session.invalid_password': 'Invalid password',
  'identity.session.invalid_otp_code': 'Invalid 2FA code',
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
  // lists and the dashboard
  'admin.metrics.invalid_period': 'Choose a period: 1D, 1W, 1M, 1Y or All.',
  'admin.metrics.invalid_timezone': 'Unknown time zone.',
  'admin.metrics.invalid_range': 'Invalid date range.',
  'admin.metrics.invalid_country_code': 'Unknown country.',
  'admin.pagination.non_integer_page': 'The page must be a whole number.',
  'admin.pagination.non_positive_page': 'The page must be 1 or more.',
  'admin.pagination.invalid_page': 'That page does not exist.',
  'admin.pagination.non_integer_limit': 'Rows per page must be a whole number.',
  'admin.pagination.invalid_limit': 'Rows per page is out of range.',
  'admin.pagination.invalid_ordering': 'The order must be ascending or descending.',
  'admin.pagination.invalid_order_by': 'This column cannot be sorted.',
  'admin.pagination.page_too_deep': 'That page is too deep to open directly; page on with Next.',
  'admin.pagination.invalid_cursor': 'This page link has expired; start again from the first page.',
  'admin.pagination.invalid_before_id': 'Invalid row to page from.',
  'admin.filter.range_from_invalid': 'Invalid start date',
  'admin.filter.range_to_invalid': 'Invalid end date',
  'admin.activity.invalid_range': 'The start date must be before the end date.',
  'admin.user.invalid_range': 'The start date must be before the end date.',
  'user.ordering.invalid_ordering': 'The order must be ascending or descending.',
  'user.ordering.invalid_attribute': 'This column cannot be sorted.',
  // permissions
  'admin.permissions.invalid_verb': 'The verb must be all, get, put, post or delete.',
  'admin.permissions.invalid_action': 'The action must be accept, audit or drop.',
  'admin.permission.role_doesnt_exist': 'Role does not exist',
  'admin.permission.doesnt_exist': 'This permission no longer exists.',
  'admin.permission.already_exists': 'This role already has exactly this permission.',
  // Blockchain nodes (server/exchange/blockchains.ts).
  'admin.blockchain.node_unreachable': 'The blockchain node cannot be reached.',
  'admin.blockchain.node_timeout': 'The blockchain node did not answer in time.',
  'admin.blockchain.node_bad_response': 'The blockchain node sent an answer that makes no sense.',
  'admin.blockchain.block_not_found': 'The node has no block with this number yet.',
  'admin.blockchain.unsupported_client': 'This node client is not supported.',
  'admin.blockchain.currency_doesnt_exist': 'No coin currency is set up on this blockchain, so its deposits cannot be recorded.',
  'admin.blockchain.non_positive_block_number': 'The block number must be 1 or more.',
  'admin.blockchain.missing_block_number': 'Type a block number.',
  // users area (user detail, labels, members)
  'admin.user.one_of_state_otp': 'Change the state or 2FA, one at a time.',
  'admin.user.one_of_state_otp_email_phone_number': 'Change one thing at a time: state, 2FA, email, phone number or referrer.',
  'admin.user.non_boolean_extended': 'Extended must be true or false',
  'admin.user.non_boolean_replace': 'Replace must be true or false',
  'admin.user.doesnt_exist': 'No data exists.',
  'admin.user.update_himself': 'You cannot change your own account.',
  'admin.user.superadmin_change': 'Only a superadmin can change a superadmin.',
  'admin.user.state_no_change': 'The user already has this state.',
  'admin.user.role_no_change': 'The user already has this role.',
  'admin.user.otp_no_change': '2FA is already off for this user.',
  'admin.user.email_no_change': 'The user already has this email.',
  'admin.user.phone_number_no_change': 'The user already has this phone number.',
  'admin.user.invalid_phone_number': 'Enter a valid phone number',
  'admin.user.referral_uid_no_change': 'This is already the referrer.',
  'admin.user.referrer_doesnt_exist': 'No user has this uid.',
  'admin.user.referrer_himself': 'A user cannot be their own referrer.',
  'admin.user.referral_cycle': 'This user was referred by this user, directly or down the chain: that would be a loop.',
  'admin.user.invalid_referral_uid': 'Enter a uid',
  'admin.user.enable_2fa': '2FA can only be turned off by staff.',
  'admin.user.empty_remark': 'Required!',
  'admin.user.missing_remark': 'Required!',
  'admin.user.invalid_remark': 'Please enter valid data!',
  'superadmin.user.update_email': 'Only a superadmin can change an email address.',
  'email.taken': 'This email is already in use.',
  'role.doesnt_exist': 'This role does not exist.',
  'key.taken': 'This label already exists.',
  'admin.label.doesnt_exist': 'This label no longer exists.',
  'admin.label.missing_key': 'Key is required',
  'admin.label.empty_key': 'Key is required',
  'admin.label.key_too_long': 'Minimum 20 characters long',
  'admin.label.missing_value': 'value is required',
  'admin.label.empty_value': 'value is required',
  'admin.label.value_too_long': 'Minimum 20 characters long',
  'admin.profiles.doesnt_exist_or_not_editable': 'There is no submitted profile to decide on.',
  'admin.profiles.superadmin_change': 'Only a superadmin can change a superadmin.',
  'admin.comment.doesnt_exist': 'This comment no longer exists.',
  'admin.comments.title_too_long': 'The title is too long.',
  'admin.comments.data_too_long': 'The comment is too long.',
  'admin.member.doesnt_exist': 'No data exists.',
  'admin.member.lock_not_permitted': 'Only a superadmin can lock or unlock funds.',
  'admin.member.not_investor': 'Funds can only be locked for an investor.',
  'admin.member.account_doesnt_exist': 'The user has no account in this currency.',
  'admin.member.insufficient_balance': 'Not enough balance to lock.',
  'admin.member.insufficient_locked': 'Not enough locked funds to unlock.',
  'admin.member.missing_currency': 'Choose a currency',
  'admin.member.invalid_group': 'Invalid fee group',
  'admin.member.one_of_amount_percentage': 'Give either an amount or a percentage.',
  'admin.member.amount_exceeds_precision': 'The amount has more decimals than this currency allows.',
  'admin.notification.uid_doesnt_exist': 'There is no user with this UID.',
  'admin.deposit.doesnt_exist': 'There is no such deposit.',
  'admin.deposit.invalid_state': "The deposit's state does not allow this.",
  'admin.deposit.fee_exceeds_amount': 'The fee is not less than the amount: nothing would be credited.',
  'admin.deposit.invalid_action': 'Unknown deposit action.',
  'admin.deposit.missing_id': 'Which deposit? The id is missing.',
  'admin.deposit.invalid_id': 'A deposit id is a whole number.',
  'admin.withdraw.doesnt_exist': 'There is no such withdrawal.',
  'admin.withdraw.invalid_state': "The withdrawal's state does not allow this.",
  'admin.withdraw.second_approver_required': 'You gave the first approval: another staff member must give the second.',
  'admin.withdraw.missing_reason': 'A reason is required to reject a withdrawal.',
  'admin.withdraw.invalid_reason': 'The reason is text of at most 500 characters.',
  'admin.withdraw.invalid_txid': 'The transaction id is text of at most 128 characters.',
  'admin.withdraw.invalid_action': 'Unknown withdrawal action.',
  'admin.withdraw.missing_id': 'Which withdrawal? The id is missing.',
  'admin.withdraw.invalid_id': 'A withdrawal id is a whole number.',
  'admin.order.cancel_error': 'This order is no longer open: nothing was cancelled.',
  'admin.order.non_integer_id': 'An order id is a whole number.',
  'admin.order.invalid_ids': 'Send a list of 1 to 1,000 order ids.',
  'admin.order.market_doesnt_exist': 'There is no such market.',
  'admin.order.invalid_side': 'The side is buy or sell.',
  'admin.adjustment.doesnt_exist': 'There is no such adjustment.',
  'admin.adjustment.zero_amount': 'The amount cannot be zero.',
  'admin.adjustment.amount_exceeds_precision': 'The amount has more decimals than this currency allows.',
  'admin.adjustment.currency_doesnt_exist': 'There is no such currency.',
  'admin.adjustment.invalid_asset_account_code': 'The asset account must be 101 for a fiat currency and 102 for a coin.',
  'admin.adjustment.invalid_receiving_account_code': 'This counterpart code is for the other currency type (1 fiat, 2 coin).',
  'admin.adjustment.missing_receiving_member_uid': "A member's balance needs the member's UID.",
  'admin.adjustment.receiving_member_doesnt_exist': 'There is no user with this UID.',
  'admin.adjustment.redundant_receiving_member_uid': 'Revenue and expense accounts take no member UID.',
  'admin.adjustment.idempotency_key_reused': 'This submit key was already used for different values: reload the form.',
  'admin.adjustment.invalid_idempotency_key': 'The submit key is malformed: reload the form.',
  'admin.adjustment.cannot_perform_accept_action': 'Only a pending adjustment can be accepted.',
  'admin.adjustment.cannot_perform_reject_action': 'Only a pending adjustment can be rejected.',
  'admin.adjustment.creator_cannot_accept': 'You created this adjustment: another staff member must accept it.',
  'admin.adjustment.user_insufficient_balance': "The member's balance is too small for this adjustment.",
  'admin.adjustment.invalid_action': 'The action is accept or reject.',
  'admin.adjustment.missing_id': 'Which adjustment? The id is missing.',
  'admin.adjustment.invalid_id': 'An adjustment id is a whole number.',
};

/** How a field or record name reads in a sentence, where spelling its words out is not enough. */
const NAMES: Readonly<Record<string, string>> = {
  from: 'start date', to: 'end date', order_by: 'sort column', captcha_response: 'captcha', otp_code: '2FA code',
  min_swap_amount: 'minimum swap amount', referral_uid: 'referrer UID', referral_of: 'referrer', user_ip: 'IP address',
};
const WORDS: Readonly<Record<string, string>> = {
  uid: 'UID', id: 'ID', ip: 'IP', otp: '2FA', faq: 'FAQ', kyc: 'KYC', url: 'URL', sms: 'SMS', fcm: 'FCM', dob: 'date of birth',
};

/** 'faq_category_id' → 'FAQ category ID', 'phone_number' → 'phone number'. */
export const nameOf = (name: string): string =>
  NAMES[name] ?? name.split('_').filter(Boolean).map((w) => WORDS[w] ?? w).join(' ');

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The shapes the server builds codes in (shared/resources/structs.ts, shared/users-form.ts,
 * server/resources/wire.ts, server/auth/logs/list-params.ts): `<service>.<record>.<rest>`, the record
 * being the resource or area the code is about. First match wins.
 */
const SHAPES: ReadonlyArray<readonly [RegExp, (record: string, name: string) => string]> = [
  [/^(missing|empty)_(.+)$/, (_r, f) => `${cap(nameOf(f))} is required`],
  [/^invalid_params$/, () => 'Some values are not valid'],
  [/^invalid_(.+)$/, (_r, f) => `Invalid ${nameOf(f)}`],
  [/^unknown_(.+)$/, (_r, f) => `Unknown field: ${nameOf(f)}`],
  [/^immutable_(.+)$/, (_r, f) => `${cap(nameOf(f))} cannot be changed`],
  [/^non_boolean_(.+)$/, (_r, f) => `${cap(nameOf(f))} must be true or false`],
  [/^non_integer_(.+)$/, (_r, f) => `${cap(nameOf(f))} must be a whole number`],
  [/^non_positive_(.+)$/, (_r, f) => `${cap(nameOf(f))} must be 1 or more`],
  [/^(.+)_too_long$/, (_r, f) => `${cap(nameOf(f))} is too long`],
  [/^(.+)_exceeds_(.+)$/, (_r, f) => `Must not exceed ${nameOf(f)}`],
  [/^(.+)_equals_(.+)$/, (_r, f) => `Must differ from ${nameOf(f)}`],
  [/^(.+)_taken$/, (_r, f) => `${cap(nameOf(f))} is already taken`],
  [/^(.+)_no_change$/, (_r, f) => `${cap(nameOf(f))} is unchanged`],
  [/^(.+)_doesnt_exist$/, (_r, f) => `${cap(nameOf(f))} does not exist`],
  [/^doesnt_exist$/, (r) => `This ${nameOf(r)} does not exist`],
  [/^in_use$/, (r) => `This ${nameOf(r)} is still in use, so it cannot be deleted`],
];

/** The message of a code built from a field's or record's name; undefined for any other text. */
export function codeMessage(code: string): string | undefined {
  const m = /^[a-z]+\.([a-z_]+)\.([a-z0-9_]+)$/.exec(code);
  if (!m) return undefined;
  const [, record, rest] = m as unknown as [string, string, string];
  for (const [shape, say] of SHAPES) {
    const hit = shape.exec(rest);
    if (hit) return say(record, hit[hit.length - 1] ?? '');
  }
  return undefined;
}
