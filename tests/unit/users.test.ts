/** The users area's shared structs and messages, the KYC switch mapping, and the label → level/state rule. */
import { describe, expect, it } from 'vitest';
import {
  kycLabel, kycSwitchOn, LABEL_MESSAGES, LabelInput, LOCK_MESSAGES, LockFunds, REMARK_MESSAGES, StateChange,
  validateForm,
} from '../../src/shared/users.js';
import { levelFor, nextState, triggerState, DEFAULT_LEVELS } from '../../src/server/auth/users/kyc.js';

const label = (input: object) => validateForm(LabelInput, { uid: 'U1', scope: 'private', ...input }, { prefix: 'admin.label', messages: LABEL_MESSAGES });

describe('label form', () => {
  it('gives the spec messages', () => {
    const r = label({ value: 'x' });
    expect(r).toMatchObject({ ok: false, errors: ['admin.label.missing_key'], messages: { key: 'Key is required' } });
    expect(label({ key: '', value: '' })).toMatchObject({ messages: { key: 'Key is required', value: 'value is required' } });
    expect(label({ key: 'k'.repeat(21), value: 'v'.repeat(21) })).toMatchObject({
      errors: ['admin.label.key_too_long', 'admin.label.value_too_long'],
      messages: { key: 'Minimum 20 characters long', value: 'Minimum 20 characters long' },
    });
  });

  it('lower-cases and trims, and accepts exactly 20 characters of [a-z0-9_-]', () => {
    expect(label({ key: ' KYC_Level-2 ', value: 'A'.repeat(20) })).toEqual({
      ok: true, value: { uid: 'U1', scope: 'private', key: 'kyc_level-2', value: 'a'.repeat(20) },
    });
    expect(label({ key: 'bad.key', value: 'x' })).toMatchObject({ errors: ['admin.label.invalid_key'] });
    expect(validateForm(LabelInput, { uid: 'U1', key: 'k', value: 'v' }, { prefix: 'p' })).toMatchObject({ ok: true, value: { scope: 'public' } });
  });
});

describe('state change remark', () => {
  const remark = (r: unknown) => validateForm(StateChange, { uid: 'U1', state: 'banned', remark: r }, { prefix: 'admin.user', messages: REMARK_MESSAGES });
  it.each([
    [undefined, 'admin.user.missing_remark', 'Required!'],
    ['', 'admin.user.empty_remark', 'Required!'],
    [' starts with a space', 'admin.user.invalid_remark', 'Please enter valid data!'],
    ['\tstarts with a tab', 'admin.user.invalid_remark', 'Please enter valid data!'],
  ])('%j → %s', (r, code, message) => {
    expect(remark(r)).toMatchObject({ ok: false, errors: [code], messages: { remark: message } });
  });
  it('accepts text that only ends in whitespace', () => {
    expect(remark('fraud ')).toMatchObject({ ok: true });
  });
});

describe('lock funds struct', () => {
  const v = (b: object) => validateForm(LockFunds, { uid: 'U1', type: 'lock', ...b }, { prefix: 'admin.member', messages: LOCK_MESSAGES });
  it('takes exactly one of amount and percentage', () => {
    expect(v({})).toMatchObject({ errors: ['admin.member.one_of_amount_percentage'] });
    expect(v({ amount: '1', percentage: '1' })).toMatchObject({ errors: ['admin.member.one_of_amount_percentage'] });
    expect(v({ percentage: '100' })).toMatchObject({ ok: true });
    expect(v({ amount: 0.5, currency: 'BTC' })).toEqual({ ok: true, value: { uid: 'U1', type: 'lock', amount: '0.5', currency: 'btc' } });
  });
  it('refuses zero, negatives, floats in exponent form and more than 100 %', () => {
    for (const p of ['0', '0.000', '-5', '100.000000000000000001', '1e1', 1e-7, 'NaN']) {
      expect(v({ percentage: p }), String(p)).toMatchObject({ ok: false, errors: ['admin.member.invalid_percentage'] });
    }
    expect(v({ amount: '0' })).toMatchObject({ errors: ['admin.member.invalid_amount'], messages: { amount: 'Required' } });
    expect(v({ amount: '1234567890123456789' })).toMatchObject({ errors: ['admin.member.invalid_amount'] });
  });
});

describe('KYC switches', () => {
  const l = (key: string, value: string, scope = 'private') => ({ key, value, scope });
  it('map to private labels with value verified; identity is on for verified or partial profiles', () => {
    expect(kycLabel('residence')).toEqual({ key: 'document', value: 'verified', scope: 'private' });
    expect(kycLabel('identity')).toEqual({ key: 'profile', value: 'verified', scope: 'private' });
    expect(kycSwitchOn('identity', [l('profile', 'partial')])).toBe(true);
    expect(kycSwitchOn('residence', [l('document', 'partial')])).toBe(false);
    expect(kycSwitchOn('email', [l('email', 'verified', 'public')])).toBe(false);
    expect(kycSwitchOn('accredited', [l('accredited', 'verified')])).toBe(true);
  });
});

describe('labels → level and state', () => {
  const L = (...pairs: string[]) => pairs.map((p) => { const [key, value] = p.split(':'); return { key, value }; });
  it('counts levels only while every lower level holds', () => {
    expect(levelFor(L('email:verified', 'document:verified'), DEFAULT_LEVELS)).toBe(1);
    expect(levelFor(L('phone:verified', 'email:verified', 'document:verified'), DEFAULT_LEVELS)).toBe(3);
    expect(levelFor(L('phone:verified'), DEFAULT_LEVELS)).toBe(0);
  });
  it('lets trigger labels win, keeps staff-set states, and restores when a trigger goes', () => {
    expect(triggerState(L('fraud:x', 'lock:y'))).toBe('banned');
    expect(nextState('active', [], L('suspicious:yes'))).toBe('locked');
    expect(nextState('pending', [], L('email:verified'))).toBe('active');
    expect(nextState('banned', L('email:verified'), L('email:verified', 'phone:verified'))).toBe('banned');
    expect(nextState('inactive', [], L('email:verified'))).toBe('inactive');
    expect(nextState('banned', L('ban:x', 'email:verified'), L('email:verified'))).toBe('active');
    expect(nextState('deleted', L('delete:x'), [])).toBe('pending');
  });
});
