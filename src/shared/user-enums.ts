/**
 * The users area's enumerations (re-exported by users.ts), apart from its structs: the registry's declarations
 * (resources/users.ts, referrals.ts) read them, and everything they import is in every route's first load.
 */

/** Spec §6 roles (the console's allowed list is a subset, configured at run time). */
export const ROLES = [
  'admin', 'superadmin', 'support', 'member', 'technical', 'accountant', 'broker', 'investor', 'compliance', 'trader', 'manager',
] as const;
export const PLATFORMS = ['web', 'android', 'ios'] as const;

/** Spec §4 user states; the database also knows 'deleted' and 'locked', which only labels set (§5.4). */
export const USER_STATES = ['active', 'inactive', 'banned', 'pending'] as const;
export type UserState = (typeof USER_STATES)[number];
/** Every state a user can be in: staff set USER_STATES; trigger labels also set deleted and locked (kyc.ts). */
export const STORED_USER_STATES = [...USER_STATES, 'deleted', 'locked'] as const;
