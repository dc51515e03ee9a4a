/**
 * What the viewer may change on the open user, and why not (spec §6): per-field User abilities, Level
 * for KYC, Label for labels, Member for fee group and minimum swap, plus the protections the server
 * enforces (nobody edits their own account; only a superadmin touches a superadmin; only a superadmin
 * changes an email or moves an investor's funds). A value is the reason a control is disabled;
 * undefined means allowed.
 */
import { useSnapshot } from 'valtio';
import type { AppAbility } from '../../../shared/abilities';
import { reasonFor, useAbility } from '../../access';
import { session } from '../../state/session';
import type { UserDetail } from '../../api/users';

export type Control =
  | 'state' | 'role' | 'otp' | 'email' | 'phone' | 'referrer' | 'group' | 'minSwap' | 'kyc' | 'labelAdd' | 'labelEdit' | 'labelRemove'
  | 'comments' | 'profile' | 'profileAdd' | 'lock' | 'sessions';

export interface UserRules {
  reasons: Record<Control, string | undefined>;
  /** Spec §6: the KYC panel shows with Level read. */
  showKyc: boolean;
  /** Spec §6: Lock/Unlock funds shows only to a superadmin viewer on an investor. */
  showLock: boolean;
  /** The accredited verifications (spec §7) show with User read, as the server asks. */
  showVerifications: boolean;
}

export const SUPERADMIN_REASON = 'Only a superadmin can change a superadmin.';
export const SELF_REASON = 'You cannot change your own account here.';
export const OTP_OFF_REASON = '2FA is not enabled for this user; it can only be turned off.';

/** GET /admin/users/{uid}/verifications needs read User; the page loads them only then. */
export const canReadVerifications = (ability: AppAbility): boolean => ability.can('read', 'User');

/** The viewer as the rules need it. */
export interface Viewer { uid: string; role: string }

/** Pure, so palette commands (no hooks) apply exactly the rules the screen shows. */
export function userRules(ability: AppAbility, viewer: Viewer | null, user: Pick<UserDetail, 'uid' | 'role' | 'otp'>): UserRules {
  const superViewer = viewer?.role === 'superadmin';
  const protectedTarget = user.role === 'superadmin' && !superViewer ? SUPERADMIN_REASON : undefined;
  const self = viewer?.uid === user.uid ? SELF_REASON : undefined;
  const need = (action: string, subject: string, field?: string) =>
    ability.can(action, subject, field) ? undefined : reasonFor(action, subject, field);
  // The first reason that applies wins: ability first, then the protections.
  const first = (...r: (string | undefined)[]) => r.find((x) => x !== undefined);
  const userField = (field: string) => first(need('update', 'User', field), self, protectedTarget);

  return {
    reasons: {
      state: userField('state'),
      role: userField('role'),
      otp: first(need('update', 'User', 'otp'), self, protectedTarget, user.otp ? undefined : OTP_OFF_REASON),
      email: userField('email'),
      phone: userField('phone_number'),
      referrer: userField('referral_uid'),
      group: first(need('update', 'Member'), protectedTarget),
      minSwap: first(need('update', 'Member'), protectedTarget),
      kyc: first(need('update', 'Level'), need('create', 'Label'), need('delete', 'Label'), protectedTarget),
      labelAdd: first(need('create', 'Label'), protectedTarget),
      labelEdit: first(need('update', 'Label'), protectedTarget),
      labelRemove: first(need('delete', 'Label'), protectedTarget),
      // A comment is part of the user: update User on its `comments` attribute, as the server asks
      // (server/auth/users/comments.ts). A rule limited to other fields (support: otp) does not cover it.
      comments: first(need('update', 'User', 'comments'), protectedTarget),
      profile: first(need('update', 'Profile'), protectedTarget),
      profileAdd: first(need('create', 'Profile'), protectedTarget),
      lock: need('update', 'Account'),
      // Signing a user out everywhere belongs with their standing: whoever may ban may end sessions (server: same rule).
      sessions: userField('state'),
    },
    showKyc: ability.can('read', 'Level'),
    showLock: superViewer && user.role === 'investor',
    showVerifications: canReadVerifications(ability),
  };
}

export function useUserRules(user: UserDetail): UserRules {
  const ability = useAbility();
  const viewer = useSnapshot(session).user;
  return userRules(ability, viewer ? { uid: viewer.uid, role: viewer.role } : null, user);
}
