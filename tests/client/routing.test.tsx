import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { lazy } from 'react';
import { navigate } from 'wouter/use-browser-location';
import { request } from '../../src/client/api';
import { routes } from '../../src/client/routes';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn, signedOut, staffUser } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';

let api: FakeApi;

// A list screen registered the way the resource engine registers its screens (first, so it stands in for the real one).
routes.unshift({
  path: '/currencies',
  title: 'Currencies',
  access: 'list',
  screen: lazy(async () => ({ default: () => <p>Currency list</p> })),
});

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

describe('access behaviour', () => {
  it('sends an authenticated visitor of /login to /dashboard', async () => {
    signedIn(api);
    renderApp('/login');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends an unauthenticated visitor of a protected page to /login', async () => {
    signedOut(api);
    renderApp('/currencies');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });

  it('sends unknown paths to / and from there to where the visitor belongs', async () => {
    signedIn(api);
    renderApp('/no/such/page');
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(currentPath()).toBe('/dashboard');
  });

  it('keeps a level 0 account on /email-verification, where it can sign out', async () => {
    signedIn(api, 'admin', staffUser({ level: 0 }));
    renderApp('/dashboard');
    expect(await screen.findByText('Your Email is not active.')).toBeTruthy();
    expect(currentPath()).toBe('/email-verification');
    screen.getByRole('button', { name: 'Sign out' }).click();
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(api.callsTo('DELETE', `${AUTH}/identity/sessions`)).toHaveLength(1);
  });

  it("confirms an e-mail from the link's token, signed in or not, and lands where a sign-in would", async () => {
    signedOut(api);
    api.on('POST', `${AUTH}/identity/users/email/confirm_code`, { status: 422, body: { errors: ['identity.user.utilized_token'] } });
    renderApp('/email-verification?token=used-one');
    expect(await screen.findByText(/This link was used already/)).toBeTruthy();
    expect(currentPath()).toBe('/email-verification');
    // A staff member's own confirmation (level 0 → 1) opens the console.
    const user = signedIn(api, 'admin', staffUser({ level: 1 }));
    api.on('POST', `${AUTH}/identity/users/email/confirm_code`, { status: 201, body: { ...user, csrf_token: 'c0ffee' } });
    signedOut(api);
    renderApp('/email-verification?token=fresh-one');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(api.callsTo('POST', `${AUTH}/identity/users/email/confirm_code`).at(-1)?.body).toEqual({ token: 'fresh-one' });
    expect(localStorage.getItem('csrfToken')).toBe('c0ffee');
  });

  it('shows the profile block with "No Name" and the role when the profile has no name', async () => {
    signedIn(api, 'support', staffUser({ role: 'support', profiles: [] }));
    renderApp('/dashboard');
    expect(await screen.findByText('No Name')).toBeTruthy();
    expect(screen.getByText('support')).toBeTruthy();
  });
});

describe('route guard', () => {
  it('goes back one step when the role lacks the ability for the page', async () => {
    signedIn(api, 'admin');
    // The admin fixture can read Currency; take it away.
    api.on('GET', '/api/v2/peatio/admin/abilities', { body: { read: ['Trade'] } });
    renderApp('/dashboard');
    await screen.findByText('Ada Lovelace');
    act(() => navigate('/currencies'));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(screen.queryByText('Currency list')).toBeNull();
  });

  it('opens the page when the ability is there', async () => {
    signedIn(api, 'support');
    renderApp('/currencies');
    expect(await screen.findByText('Currency list')).toBeTruthy();
    expect(currentPath()).toBe('/currencies');
    expect(document.title).toContain('Currencies');
  });
});

describe('authz codes', () => {
  it.each(['authz.csrf_token_mismatch', 'authz.missing_csrf_token', 'authz.invalid_session', 'authz.client_session_mismatch'])(
    '401 %s clears the session and goes to sign-in', async (code) => {
      signedIn(api);
      localStorage.setItem('csrfToken', 'stale');
      api.on('POST', `${AUTH}/admin/users/update`, { status: 401, body: { errors: [code] } });
      renderApp('/dashboard');
      await screen.findByText('Ada Lovelace');
      await act(async () => {
        await expect(request('auth', 'POST', '/admin/users/update', { body: { uid: 'x' } })).rejects.toMatchObject({ code: 401 });
      });
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(currentPath()).toBe('/login');
      expect(localStorage.getItem('csrfToken')).toBeNull();
    });

  it('does not leave the page for other 401 codes', async () => {
    signedIn(api);
    api.on('POST', `${AUTH}/admin/users/update`, { status: 401, body: { errors: ['admin.ability.not_permitted'] } });
    renderApp('/dashboard');
    await screen.findByText('Ada Lovelace');
    await act(async () => {
      await expect(request('auth', 'POST', '/admin/users/update', { body: {} })).rejects.toMatchObject({ code: 401 });
    });
    expect(currentPath()).toBe('/dashboard');
  });
});
