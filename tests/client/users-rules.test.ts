/**
 * The user page's rules follow the server's superadmin rule (issue 30 item 3): an admin viewing a
 * superadmin sees every control that writes to that account disabled with the reason — comments,
 * profiles, the member's group and minimum swap among them — and a superadmin viewer does not.
 */
import { describe, expect, it } from 'vitest';
import { buildAbility } from '../../src/shared/abilities';
import { SUPERADMIN_REASON, userRules, type Control } from '../../src/client/screens/users/rules';

const ability = buildAbility({ manage: ['User', 'Label', 'Level', 'Profile'] }, { manage: ['Member', 'Account'] });
const target = { uid: 'ID000000SUPR', role: 'superadmin', otp: true };
const ACCOUNT: Control[] = ['state', 'role', 'otp', 'phone', 'referrer', 'group', 'minSwap', 'kyc', 'labelAdd', 'labelRemove',
  'comments', 'profile', 'profileAdd', 'sessions'];

describe('the superadmin rule on the user page', () => {
  it('disables every account control for an admin viewing a superadmin, with the reason', () => {
    const { reasons } = userRules(ability, { uid: 'ID0000000ADM', role: 'admin' }, target);
    expect(Object.fromEntries(ACCOUNT.map((c) => [c, reasons[c]]))).toEqual(Object.fromEntries(ACCOUNT.map((c) => [c, SUPERADMIN_REASON])));
  });

  it('leaves them to a superadmin viewer, and to an admin viewing anyone else', () => {
    for (const [viewer, user] of [[{ uid: 'ID0000000SU2', role: 'superadmin' }, target], [{ uid: 'ID0000000ADM', role: 'admin' }, { ...target, role: 'member' }]] as const) {
      const { reasons } = userRules(ability, viewer, user);
      expect(ACCOUNT.filter((c) => reasons[c] !== undefined), viewer.role).toEqual([]);
    }
  });
});
