/**
 * The users area, shared by the console and the server: enumerations, the KYC switch ↔ label mapping,
 * and the structs of every user action. The client validates a form with the same struct the server
 * validates the request with (DESIGN §5.3); validateForm() turns a failure into wire codes and, for
 * the form, the spec's messages (§5 Label, remark, Lock/unlock, Phone change).
 */
import {
  boolean, defaulted, enums, integer, number, optional, refine, string, type, type Struct,
} from 'superstruct';
import { coerceNumber, coerceString } from './validation.js';
import { AMOUNT_TEXT, numberText } from './decimal.js';
import { isCalendarDay } from './calendar.js';
import { idStruct } from './resources/field-structs.js';
import { USER_STATES } from './user-enums.js';

/**
 * Barong's User on the wire (openware-api.md §2.3): the base of every user entity the auth service sends
 * (UserWithFullInfo at sign-in, UserWithKYC in the admin detail, the `user`/`admin`/`target` of
 * activities), typed once for the server's serialisers and the console's readers.
 */
export interface WireUser {
  email: string; uid: string; role: string; level: number; otp: boolean; state: string;
  referral_uid: string | null; username: string | null;
}

// The enumerations live apart (user-enums.ts): the registry's declarations read them without the structs.
export { PLATFORMS, ROLES, STORED_USER_STATES, USER_STATES, type UserState } from './user-enums.js';
export const LABEL_SCOPES = ['public', 'private'] as const;
export const PROFILE_DECISIONS = ['verified', 'rejected'] as const;
export const LOCK_TYPES = ['lock', 'unlock'] as const;
/**
 * The KYC switches of the user detail (spec §4) and the private label each one stands for. Turning a
 * switch on creates that label with value 'verified'; turning it off deletes it.
 */
export const KYC_SWITCHES = {
  email: 'email',
  phone: 'phone',
  identity: 'profile',
  residence: 'document',
  accredited: 'accredited',
} as const;
export type KycSwitch = keyof typeof KYC_SWITCHES;
export const KYC_LABEL_KEYS: readonly string[] = Object.values(KYC_SWITCHES);

/** Whether a switch shows on, given the user's labels: identity is on for a verified or a partial profile. */
export function kycSwitchOn(sw: KycSwitch, labels: readonly { key: string; value: string; scope: string }[]): boolean {
  const key = KYC_SWITCHES[sw];
  const on = sw === 'identity' ? ['verified', 'partial'] : ['verified'];
  return labels.some((l) => l.scope === 'private' && l.key === key && on.includes(l.value));
}

/** The label a switch writes when turned on. */
export function kycLabel(sw: KycSwitch): { key: string; value: 'verified'; scope: 'private' } {
  return { key: KYC_SWITCHES[sw], value: 'verified', scope: 'private' };
}

// ---- field structs ----

const LABEL_TEXT = /^[a-z0-9_-]*$/;
export const LABEL_MAX = 20;

const required = (s: Struct<string, null>) => refine(s, 'empty', (v) => v.trim().length > 0);
const maxLen = (s: Struct<string, null>, max: number) => refine(s, 'too_long', (v) => v.length <= max);
/** PostgreSQL text cannot hold NUL: refusing it keeps it a 422 rather than a database error. */
const noNul = (s: Struct<string, null>) => refine(s, 'invalid', (v) => !v.includes('\u0000'));
const textField = (max: number, req = true) => noNul(maxLen(req ? required(string()) : string(), max));

export const uidField = () => textField(64);

/** Label key and value: 1..20 of [a-z0-9_-], compared and stored lower-case (spec §5, §9). */
const labelText = () => coerceString(
  refine(maxLen(required(string()), LABEL_MAX), 'pattern', (v) => LABEL_TEXT.test(v)), (v) => v.trim().toLowerCase(),
);

export const REMARK_MAX = 1024;
/** Remark of a state change: required, and it must not start with whitespace (spec §5). */
export const remarkField = () =>
  maxLen(refine(refine(string(), 'empty', (v) => v.length > 0), 'leading_space', (v) => !/^\s/.test(v)), REMARK_MAX);

/** 'true'/'false' from a query string or a lenient form. */
export const boolField = () => coerceString(boolean(), (v) => (v === 'true' ? true : v === 'false' ? false : v));

/**
 * A non-negative decimal that fits NUMERIC(36,18). Numbers are accepted when their shortest text is
 * plain decimal (0.5 yes, 1e-7 no), so a float never reaches the arithmetic.
 */
export const moneyField = () => coerceNumber(
  refine(string(), 'decimal', (v) => AMOUNT_TEXT.test(v)), (v) => (Number.isFinite(v) ? numberText(v) : v),
);
const positive = (s: Struct<string, null>) => refine(s, 'positive', (v) => /[1-9]/.test(v));
/** 0 < p ≤ 100, compared on the text so 100.000000000000000001 is refused exactly. */
export const percentageField = () => refine(positive(moneyField()), 'max_100', (v) => {
  const [int, frac = ''] = v.split('.');
  return Number(int) < 100 || (Number(int) === 100 && /^0*$/.test(frac));
});

/** Query-string integer within bounds. */
const intField = (min: number, max: number) => refine(
  coerceString(integer(), (v) => (/^-?\d{1,10}$/.test(v) ? Number(v) : v)), 'range', (v) => v >= min && v <= max,
);

// ---- action structs ----

export const LabelInput = type({
  uid: uidField(), key: labelText(), value: labelText(),
  scope: defaulted(enums([...LABEL_SCOPES]), 'public'),
  description: optional(textField(255, false)),
});
export const LabelKey = type({ uid: uidField(), key: labelText(), scope: enums([...LABEL_SCOPES]) });
export const LabelQuery = type({ key: labelText(), value: labelText() });

export const StateChange = type({ uid: uidField(), state: enums([...USER_STATES]), remark: remarkField() });
export const OtpChange = type({ uid: uidField(), otp: boolField() });
export const RoleChange = type({ uid: uidField(), role: refine(textField(32), 'pattern', (v) => /^[a-z_]+$/.test(v)) });

/** Phone change: the client sends the dial-code digits followed by the number (spec §5). */
export const phoneField = () => coerceString(
  refine(string(), 'pattern', (v) => /^\d{6,15}$/.test(v)), (v) => v.replace(/[\s()-]/g, '').replace(/^\+/, ''),
);
const EMAIL = /^[^\s@]{1,64}@[^\s@.]+(\.[^\s@.]+)+$/;
export const emailField = () => coerceString(
  refine(maxLen(string(), 255), 'pattern', (v) => EMAIL.test(v)), (v) => v.trim(),
);
/**
 * A referrer: another user's uid, or '' to remove the referrer. Barong has no call for it; the console
 * sends it as a fifth exclusive field of PUT /admin/users (see USER_PUT_FIELDS).
 */
export const referrerField = () => coerceString(
  refine(maxLen(string(), 64), 'pattern', (v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v)),
  // Only a truly empty value removes the referrer; blanks stay blanks and fail the pattern.
  (v) => (v.trim() === '' ? v : v.trim()),
);
/** PUT /admin/users: uid and exactly one of these (P-A6, plus the referrer). */
export const USER_PUT_FIELDS = ['state', 'otp', 'email', 'phone_number', 'referral_uid'] as const;
export const UserPut = type({
  uid: uidField(), state: optional(enums([...USER_STATES])), otp: optional(boolField()),
  email: optional(emailField()), phone_number: optional(phoneField()), remark: optional(remarkField()),
  referral_uid: optional(referrerField()),
});

/**
 * Finding users by the start of a name, an e-mail or a username (the palette, issue 29 item 5): the text
 * compared lower-case with single spaces, 2..100 characters; at most USER_SEARCH_LIMIT users, 20 at most asked.
 */
export const USER_SEARCH_MIN = 2;
export const USER_SEARCH_LIMIT = 8;
export const userSearchText = (v: string): string => v.trim().toLowerCase().replace(/\s+/g, ' ');
export const UserSearch = type({
  q: coerceString(noNul(refine(refine(required(string()), 'invalid', (v) => v.length >= USER_SEARCH_MIN), 'too_long', (v) => v.length <= 100)), userSearchText),
  limit: optional(intField(1, 20)),
});

export const CommentCreate = type({ uid: uidField(), title: textField(64), data: textField(65535) });
const commentId = idStruct;
export const CommentUpdate = type({ id: commentId(), title: optional(textField(64)), data: optional(textField(65535)) });
export const CommentId = type({ id: commentId() });

const dob = () => refine(string(), 'date', isCalendarDay);
const jsonObjectText = () => refine(textField(65535, false), 'json', (v) => {
  try { const j = JSON.parse(v); return j !== null && typeof j === 'object' && !Array.isArray(j); } catch { return false; }
});
/** A profile's fields, as staff add one (ProfileCreate) and a customer sends theirs (shared/customer.ts). */
export const profileFields = () => ({
  first_name: optional(textField(255, false)), last_name: optional(textField(255, false)), dob: optional(dob()),
  address: optional(textField(255, false)), postcode: optional(textField(32, false)), city: optional(textField(255, false)),
  country: optional(textField(64, false)), metadata: optional(jsonObjectText()),
});
export const ProfileCreate = type({ uid: uidField(), ...profileFields() });
export const ProfileDecision = type({ uid: uidField(), state: enums([...PROFILE_DECISIONS]) });

/** Peatio fee groups are stripped and down-cased (A45). */
export const groupField = () => coerceString(
  refine(maxLen(required(string()), 32), 'pattern', (v) => /^[a-z0-9_-]+$/.test(v)), (v) => v.trim().toLowerCase(),
);
export const MemberGroup = type({ group: groupField() });
export const MinSwapAmount = type({ uid: uidField(), min_swap_amount: moneyField(), group: defaulted(groupField(), 'any') });

/** Lock/unlock funds (P-A48): exactly one of amount (with its currency) and percentage (of every account). */
export const LockFunds = refine(
  type({
    uid: uidField(), type: enums([...LOCK_TYPES]),
    amount: optional(positive(moneyField())), percentage: optional(percentageField()),
    currency: optional(coerceString(refine(string(), 'pattern', (v) => /^[a-z0-9_.-]{1,32}$/.test(v)), (v) => v.trim().toLowerCase())),
  }),
  'one_of_amount_percentage', (v) => (v.amount === undefined) !== (v.percentage === undefined),
);

// ---- list query ----

/** Barong paging: page ≥ 1, limit 1..100 (openware-api.md §1.3). */
const PAGING = { page: optional(intField(1, 1e9)), limit: optional(intField(1, 100)) };
export const PagingQuery = type(PAGING);

// ---- the spec's form messages (§5) ----

/** Per field, per failure (a refinement name or missing/empty/invalid), the message a form shows. */
export type FormMessages = Record<string, Record<string, string>>;

export const LABEL_MESSAGES: FormMessages = {
  key: { missing: 'Key is required', empty: 'Key is required', too_long: 'Minimum 20 characters long' },
  // Sic: the spec's length message says "Minimum" for the 20-character maximum.
  value: { missing: 'value is required', empty: 'value is required', too_long: 'Minimum 20 characters long' },
};
export const REMARK_MESSAGES: FormMessages = {
  remark: { missing: 'Required!', empty: 'Required!', leading_space: 'Please enter valid data!' },
};
/**
 * The same rules as the palette states them: it has no form around the typed text, so each message says
 * what to type. The screen's forms keep the spec's wording above.
 */
const labelPartMessages = (part: 'Key' | 'Value') => ({
  missing: `${part} is required: type key=value`,
  empty: `${part} is required: type key=value`,
  too_long: `${part} may be at most ${LABEL_MAX} characters`,
  pattern: `${part} may only contain letters a–z, digits, '-' and '_'`,
});
export const LABEL_PALETTE_MESSAGES: FormMessages = { key: labelPartMessages('Key'), value: labelPartMessages('Value') };
export const REMARK_PALETTE_MESSAGES: FormMessages = {
  remark: {
    missing: 'Remark is required: type why the state changes',
    empty: 'Remark is required: type why the state changes',
    leading_space: 'Remark may not start with a space',
    too_long: `Remark may be at most ${REMARK_MAX} characters`,
  },
};
export const LOCK_MESSAGES: FormMessages = {
  amount: { positive: 'Required', invalid: 'Invalid amount' },
  percentage: { positive: 'Required', max_100: 'At most 100', invalid: 'Invalid percentage' },
};

export { validateForm, type FormResult } from './users-form.js';
