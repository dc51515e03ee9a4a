/**
 * Enumerations of the log and list screens of the users area (spec §3, §4), shared by the resource
 * declarations, the server's filters and the client's badges.
 */

/** Service log results (spec §4), plus `undelivered`, which the spec's colour grouping names. */
export const SERVICE_LOG_RESULTS = [
  'success', 'failed', 'accepted', 'delivered', 'not_delivered', 'submitted', 'rejected', 'unknown', 'expired',
  'spam_detected', 'in_transit', 'undeliverable', 'rate_limited', 'expired_auth', 'pending', 'approved', 'undelivered',
] as const;

/** Spec §4 colour grouping: warning, danger, success. `delivered` is a success too (the message arrived). */
export const SERVICE_LOG_RESULT_COLOURS: Record<string, 'yellow' | 'red' | 'green'> = {
  pending: 'yellow', submitted: 'yellow', accepted: 'yellow', approved: 'yellow', in_transit: 'yellow',
  failed: 'red', not_delivered: 'red', undelivered: 'red', unknown: 'red', expired_auth: 'red', spam_detected: 'red',
  expired: 'red', rate_limited: 'red', rejected: 'red', undeliverable: 'red',
  success: 'green', delivered: 'green',
};

export const SERVICE_TYPES = ['email', 'sms'] as const;
export const DEVICE_TYPES = ['android', 'ios'] as const;
export const NOTIFICATION_STATUSES = ['success', 'failed'] as const;
export const BENEFICIARY_STATES = ['pending', 'active', 'archived'] as const;

/** Admin activity actions (spec §3): the HTTP verb's action, read included. */
export const ADMIN_ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'read'] as const;

/**
 * The activity list's "activity type" filter (spec §3, §9) and the topics each type stands for.
 * `general` is every topic not claimed by another type, so the three types partition the log.
 * Topics are what the writers record: Barong's user topics (`session`, `account`, `password`, `otp`),
 * the admin audit topic (the path segment after `admin/`, e.g. `users`, `permissions`), or a topic a
 * handler names explicitly. KYC writers should record `labels`, `profiles`, `documents` or `phones`
 * so their activities land under kyc rather than under the `users` status topic.
 */
export const ACTIVITY_TYPE_TOPICS = {
  'user-status': ['users', 'user', 'account', 'user-status', 'user_state_logs'],
  kyc: ['kyc', 'labels', 'label', 'profiles', 'profile', 'documents', 'document', 'phones', 'phone', 'verifications'],
} as const satisfies Record<string, readonly string[]>;

export const ACTIVITY_TYPES = ['general', 'user-status', 'kyc'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The topics of a type: `in` these, or for general `not in` every claimed one. */
export function activityTypeTopics(type: ActivityType): { op: 'in' | 'not in'; topics: string[] } {
  if (type === 'general') return { op: 'not in', topics: Object.values(ACTIVITY_TYPE_TOPICS).flat() };
  return { op: 'in', topics: [...ACTIVITY_TYPE_TOPICS[type]] };
}
