/**
 * The member a row belongs to, as the fork's per-user lists show it (mining, e-mail notifications): the
 * uid stored on the row, the e-mail and phone joined from the user, and cells that open the user.
 * Spread into a declaration; the row's table holds `uid` (a foreign key to users.uid).
 */
import type { ColumnFormat, FieldDef } from './define.js';

/** Opens the user at /user-directory/{uid} (spec §2: "Clicking identity cells opens the user"). */
export const USER_LINK = { kind: 'link', route: 'user-directory', key: 'uid' } as const satisfies ColumnFormat;

/** uid (stored, filtered exactly) and the user's e-mail (joined, filtered by contains). */
export const MEMBER_FIELDS = {
  uid: { kind: 'text', readOnly: true, label: 'UID', references: 'users', by: 'uid' },
  email: { kind: 'text', readOnly: true, from: { via: 'uid', field: 'email' } },
} as const satisfies Record<string, FieldDef>;

/** MEMBER_FIELDS plus the user's phone number (joined). */
export const MEMBER_WITH_PHONE = {
  ...MEMBER_FIELDS,
  phone_number: { kind: 'text', readOnly: true, label: 'Phone', from: { via: 'uid', field: 'phone_number' } },
} as const satisfies Record<string, FieldDef>;
