import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi } from './support/fake-api';
import { signedOut } from './support/fixtures';
import { renderApp } from './support/render-app';

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
