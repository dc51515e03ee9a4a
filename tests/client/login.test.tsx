import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../src/client/browser';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, ABILITIES, signedOut, staffUser } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';

const SIGN_IN = `${AUTH}/identity/sessions/new`;
let api: FakeApi;

beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  signedOut(api);
  api.on('GET', `${AUTH}/admin/abilities`, { body: ABILITIES.admin.barong })
    .on('GET', `${EXCHANGE}/admin/abilities`, { body: ABILITIES.admin.peatio });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSignIn(config = {}) {
  renderApp('/login', config);
  return screen.findByRole('heading', { name: 'Sign in' });
}

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in validation', () => {
  it('asks for email and password before calling the server', async () => {
    await openSignIn();
    await fillAndSubmit('', '');
    expect(screen.getByText('Please enter your email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(api.callsTo('POST', SIGN_IN)).toHaveLength(0);
  });

  it('rejects a malformed email', async () => {
    await openSignIn();
    await fillAndSubmit('not-an-email', 'secret');
    expect(screen.getByText('Invalid Email')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', SIGN_IN)).toHaveLength(0);
  });

  it("requires a captcha response when a captcha is configured, and loads the provider's script only then", async () => {
    await openSignIn({ captchaType: 'turnstile', captchaSiteKey: 'site-key' });
    expect(document.querySelector('script[src*="turnstile"]')).not.toBeNull();
    await fillAndSubmit('ada@exchange.test', 'secret');
    expect(screen.getByText('Verify the captcha')).toBeTruthy();
    expect(api.callsTo('POST', SIGN_IN)).toHaveLength(0);
  });

  it('sends the turnstile response, then resets the widget and clears the response after a failure', async () => {
    let issue: (token: string) => void = () => {};
    const turnstile = {
      render: vi.fn((_el: HTMLElement, opts: { callback: (t: string) => void }) => { issue = opts.callback; return 'w1'; }),
      reset: vi.fn(),
    };
    vi.stubGlobal('turnstile', turnstile);
    api.on('POST', SIGN_IN, { status: 422, body: { errors: ['identity.captcha.verification_failed'] } });
    await openSignIn({ captchaType: 'turnstile', captchaSiteKey: 'site-key' });
    await waitFor(() => expect(turnstile.render).toHaveBeenCalled());
    act(() => issue('token-1'));
    const user = await fillAndSubmit('ada@exchange.test', 'secret');
    expect(await screen.findByText('Captcha verification failed, please try again.')).toBeTruthy();
    expect(api.callsTo('POST', SIGN_IN)[0].body).toMatchObject({ captcha_response: 'token-1' });
    expect(turnstile.reset).toHaveBeenCalledWith('w1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Verify the captcha')).toBeTruthy();
    expect(api.callsTo('POST', SIGN_IN)).toHaveLength(1);
  });

  it('loads no captcha script when captcha is off', async () => {
    document.head.querySelectorAll('script').forEach((s) => s.remove());
    await openSignIn();
    expect(document.querySelector('script[src*="recaptcha"], script[src*="turnstile"]')).toBeNull();
  });
});

describe('server answers', () => {
  it('shows the first server message on the form and field codes under their fields', async () => {
    api.on('POST', SIGN_IN, {
      status: 401,
      body: { errors: ['identity.session.invalid_params'], fields: { password: ['identity.session.missing_password'] } },
    });
    await openSignIn();
    await fillAndSubmit('ada@exchange.test', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid Email or Password');
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(currentPath()).toBe('/login');
  });

  it('switches to the 2FA step on missing_otp without an alert, then requires the code', async () => {
    api.on('POST', SIGN_IN, (req) => ((req.body as { otp_code?: string }).otp_code
      ? { status: 403, body: { errors: ['identity.session.invalid_otp'] } }
      : { status: 401, body: { errors: ['identity.session.missing_otp'] } }));
    await openSignIn();
    const user = await fillAndSubmit('ada@exchange.test', 'secret');
    expect(await screen.findByRole('heading', { name: '2FA Verification' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Code Required')).toBeTruthy();

    await user.type(code, '12a34 56');
    expect((code as HTMLInputElement).value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid 2FA code');
    const last = api.callsTo('POST', SIGN_IN).at(-1)!;
    expect(last.body).toMatchObject({ identity: 'ada@exchange.test', password: 'secret', otp_code: '123456' });
  });

  it('signs in, stores the CSRF token, toasts and lands on the dashboard', async () => {
    api.on('POST', SIGN_IN, { body: { ...staffUser(), csrf_token: 'csrf-123' } });
    await openSignIn();
    await fillAndSubmit('ada@exchange.test', 'secret');
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(await screen.findByText('Logged In Successfully')).toBeTruthy();
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(localStorage.getItem('csrfToken')).toBe('csrf-123');
  });

  it('sends a level 0 account to /email-verification', async () => {
    api.on('POST', SIGN_IN, { body: { ...staffUser({ level: 0 }), csrf_token: 'x' } });
    await openSignIn();
    await fillAndSubmit('ada@exchange.test', 'secret');
    expect(await screen.findByRole('heading', { name: 'Your Email is not active.' })).toBeTruthy();
    expect(currentPath()).toBe('/email-verification');
  });

  it('sends a role that is not allowed to the external location', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    api.on('POST', SIGN_IN, { body: { ...staffUser({ role: 'member' }), csrf_token: 'x' } });
    await openSignIn({ externalRedirectUrl: 'https://www.exchange.test/trading' });
    await fillAndSubmit('ada@exchange.test', 'secret');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://www.exchange.test/trading'));
    expect(currentPath()).toBe('/login');
  });
});
