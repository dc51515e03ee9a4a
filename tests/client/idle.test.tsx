import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { currentPath, renderApp } from './support/render-app';

const MIN = 60_000;
let api: FakeApi;

beforeEach(async () => {
  localStorage.clear();
  api = fakeApi();
  signedIn(api);
  vi.useFakeTimers({ shouldAdvanceTime: true });
  renderApp('/dashboard', { minutesUntilAutoLogout: 60, minutesBeforeWarningMessage: 1 });
  await screen.findByText('Ada Lovelace');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

describe('idle sign-out', () => {
  it('warns one minute before, then signs out after 60 idle minutes', async () => {
    await advance(58 * MIN);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(1 * MIN + 1000);
    expect(await screen.findByRole('alertdialog', { name: 'Are you still there?' })).toBeTruthy(); // its dialog's code loads lazily
    await advance(1 * MIN);
    expect(await screen.findByText('Session expired, Please login again.')).toBeTruthy();
    expect(currentPath()).toBe('/login');
    expect(api.callsTo('DELETE', `${AUTH}/identity/sessions`)).toHaveLength(1);
  });

  it('keeps the session when the user reacts to the warning', async () => {
    await advance(59 * MIN + 1000);
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await advance(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await advance(58 * MIN);
    expect(currentPath()).toBe('/dashboard');
    expect(api.callsTo('DELETE', `${AUTH}/identity/sessions`)).toHaveLength(0);
  });

  it('counts keys, scrolling and mouse moves as activity', async () => {
    for (const fire of [() => fireEvent.keyDown(window, { key: 'j' }), () => fireEvent.scroll(window), () => fireEvent.mouseMove(document.body)]) {
      await advance(50 * MIN);
      fire();
    }
    await advance(50 * MIN);
    expect(currentPath()).toBe('/dashboard');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
