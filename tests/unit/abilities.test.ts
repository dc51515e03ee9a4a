import { describe, expect, it } from 'vitest';
import {
  buildAbility, canAccessRoute, canEditField, routeKey, ROUTE_SUBJECTS, SUBJECTS, serviceOf,
} from '../../src/shared/abilities.js';

describe('buildAbility', () => {
  it('turns manage/read/update lists from both services into one ability', () => {
    const a = buildAbility({ manage: ['User'], read: ['Activity'] }, { read: ['Trade'], update: ['Order'] });
    expect(a.can('delete', 'User')).toBe(true);
    expect(a.can('read', 'Activity')).toBe(true);
    expect(a.can('update', 'Activity')).toBe(false);
    expect(a.can('read', 'Trade')).toBe(true);
    expect(a.can('update', 'Order')).toBe(true);
    expect(a.can('read', 'Order')).toBe(false);
    expect(a.can('read', 'Currency')).toBe(false);
  });

  it('makes per-attribute entries field-restricted rules', () => {
    const a = buildAbility({}, { read: ['Currency'], update: [{ Currency: ['visible', 'deposit_enabled'] }] });
    expect(a.can('update', 'Currency')).toBe(true);
    expect(a.can('update', 'Currency', 'visible')).toBe(true);
    expect(canEditField(a, 'Currency', 'deposit_enabled')).toBe(true);
    expect(canEditField(a, 'Currency', 'code')).toBe(false);
    expect(a.can('manage', 'Currency')).toBe(false);
  });

  it('treats Barong destroy as delete and ignores junk', () => {
    const a = buildAbility({ destroy: ['Permission'], read: [null as never, 7 as never], x: 'y' as never }, null);
    expect(a.can('delete', 'Permission')).toBe(true);
    expect(a.can('read', 'Permission')).toBe(false);
  });

  it('an empty ability set grants nothing', () => {
    const a = buildAbility({}, {});
    for (const s of ['User', 'Currency', 'Permission']) expect(a.can('read', s)).toBe(false);
  });
});

describe('canAccessRoute', () => {
  const reader = buildAbility({ read: ['User'] }, { update: ['Market'], manage: ['Currency'] });

  it('list needs any of manage, update or read', () => {
    expect(canAccessRoute(reader, '/user-directory', 'list')).toBe(true);
    expect(canAccessRoute(reader, '/markets', 'list')).toBe(true);
    expect(canAccessRoute(reader, '/currencies', 'list')).toBe(true);
    expect(canAccessRoute(reader, '/setting-permissions', 'list')).toBe(false);
  });

  it('edit needs manage or update', () => {
    expect(canAccessRoute(reader, '/user-directory/ID123', 'edit')).toBe(false);
    expect(canAccessRoute(reader, '/market-info/3', 'edit')).toBe(true);
    expect(canAccessRoute(reader, '/currencies/btc', 'edit')).toBe(true);
  });

  it('add needs manage', () => {
    expect(canAccessRoute(reader, '/market-info/add', 'add')).toBe(false);
    expect(canAccessRoute(reader, '/currencies/add', 'add')).toBe(true);
  });

  it('dashboard and deposit lists are open, but not their edit or add pages', () => {
    const none = buildAbility({}, {});
    expect(canAccessRoute(none, '/dashboard', 'list')).toBe(true);
    expect(canAccessRoute(none, '/deposit', 'list')).toBe(true);
    expect(canAccessRoute(none, '/deposit/1', 'edit')).toBe(false);
    expect(canAccessRoute(none, '/currencies', 'list')).toBe(false);
  });

  it('a route with several subjects opens with any one of them', () => {
    const a = buildAbility({}, { read: ['TokenCategory'], manage: ['Operations::Revenue'] });
    expect(canAccessRoute(a, '/tokens', 'list')).toBe(true);
    expect(canAccessRoute(a, '/operations', 'add')).toBe(true);
  });

  it('closes unmapped routes', () => {
    const all = buildAbility({ manage: ['all'] }, {});
    expect(canAccessRoute(all, '/no-such-screen', 'list')).toBe(false);
    expect(canAccessRoute(all, '/user-directory', 'add')).toBe(true);
  });
});

describe('route map', () => {
  it('maps the spec §6 examples', () => {
    expect(ROUTE_SUBJECTS['currencies']).toEqual(['Currency']);
    expect(ROUTE_SUBJECTS['setting-permissions']).toEqual(['Permission']);
    expect(ROUTE_SUBJECTS['tokens']).toEqual(['Token', 'TokenCategory']);
    expect(ROUTE_SUBJECTS['fcm-notification']).toEqual(['Device']);
    expect(ROUTE_SUBJECTS['services']).toEqual(['ServiceLog']);
  });

  it('only uses known subjects, each owned by one service', () => {
    const known = new Set<string>(SUBJECTS);
    for (const subjects of Object.values(ROUTE_SUBJECTS)) for (const s of subjects) expect(known.has(s)).toBe(true);
    expect(serviceOf('Permission')).toBe('barong');
    expect(serviceOf('Currency')).toBe('peatio');
    expect(serviceOf('Faq')).toBe('peatio');
  });

  it('routeKey takes the first segment', () => {
    expect(routeKey('/currencies/BTC?x=1')).toBe('currencies');
    expect(routeKey('dashboard')).toBe('dashboard');
  });
});
