import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from './support/fake-api';
import { signedOut } from './support/fixtures';

beforeEach(() => {
  localStorage.clear();
  signedOut(fakeApi());
});
afterEach(() => vi.unstubAllGlobals());

describe('theme', () => {
  it('is light by default when nothing is stored', async () => {
    vi.resetModules();
    const { ui } = await import('../../src/client/state/ui');
    expect(ui.theme).toBe('light');
  });

  it('starts from the stored choice', async () => {
    localStorage.setItem('steward.theme', 'dark');
    vi.resetModules();
    const { ui, applyTheme } = await import('../../src/client/state/ui');
    expect(ui.theme).toBe('dark');
    applyTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('toggles from the page and remembers the choice', async () => {
    // The tests above reset the module registry: the app is taken from it afresh, so that the sign-in page it
    // loads lazily shares its stores (the theme's among them).
    vi.resetModules();
    const { renderApp } = await import('./support/render-app');
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('steward.theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('steward.theme')).toBe('light');
  });
});
