/**
 * The first palette after a page load (issue 29 item 1): its code loads with the first opening, and the
 * keys typed between Ctrl+K and its input taking the focus were lost ("pending withdrawals" became
 * "ending withdrawals") or went to the page behind it. Here the load is held back by a promise for as long
 * as the test likes: every key typed meanwhile must reach the input, in order, none may run a page
 * shortcut, and an Enter typed before the list was there acts only on what the typed text lists (the top
 * Recent item, Log out, once ran instead).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { currentPath, freshBrowserState, renderApp } from './support/render-app';
import { pagedList, permissionRows } from './support/resource-rows';
import { remember } from '../../src/client/state/recent';

/**
 * The palette's code, held back until the test lets it through: a slow network on the first Ctrl+K. The
 * real module is imported when the held palette first renders, not in the factory: a factory that imports
 * source modules leaves the lazy import of the palette with the real module (vitest), and nothing held.
 */
const gate = vi.hoisted(() => ({ held: null as Promise<void> | null, release: () => undefined as void, real: null as Promise<unknown> | null }));
vi.mock('../../src/client/components/palette/PaletteDialog', async () => {
  const { createElement, use } = await import('react');
  return {
    default: function HeldPalette(props: object) {
      if (gate.held) use(gate.held);
      gate.real ??= vi.importActual('../../src/client/components/palette/PaletteDialog');
      const real = use(gate.real) as { default: (p: object) => ReturnType<typeof createElement> };
      return createElement(real.default, props);
    },
  };
});

function holdPalette(): void {
  let release!: () => void;
  gate.held = new Promise<void>((r) => { release = r; });
  gate.release = () => { release(); };
}

let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(3)));
  holdPalette();
});
afterEach(() => { gate.release(); gate.held = null; vi.unstubAllGlobals(); });

async function dashboard() {
  signedIn(api, 'superadmin');
  renderApp('/dashboard');
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return userEvent.setup();
}

const palette = () => screen.queryByRole('dialog', { name: 'Command palette' });

async function letThrough() {
  await act(async () => { gate.release(); await gate.held; });
  const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
  return { dialog, input: within(dialog).getByRole('combobox') as HTMLInputElement };
}

describe('the palette while its code loads', () => {
  it('gives the input every key typed after Ctrl+K, and none of them to the page', async () => {
    const user = await dashboard();
    await user.keyboard('{Control>}k{/Control}');
    // `?` would open the shortcut sheet, were the keys left to the page.
    await user.keyboard('pending withdrawals?{Backspace}');
    expect(palette()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();

    const { input } = await letThrough();
    expect(input.value).toBe('pending withdrawals');
    await waitFor(() => expect(document.activeElement).toBe(input));
    // Typing goes on after the text, not over it (a selected text would be replaced by the next key).
    await user.keyboard(' now');
    expect(input.value).toBe('pending withdrawals now');
    expect(currentPath()).toBe('/dashboard');
  });

  it('runs an Enter typed before the list was there on the top result for the typed text, not a recent item', async () => {
    // Log out on top of Recent: what Enter ran once when the typed letters were lost.
    remember({ id: 'session.logout', title: 'Log out' });
    const user = await dashboard();
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('go to perm{Enter}');
    expect(palette()).toBeNull();

    await act(async () => { gate.release(); await gate.held; });
    await waitFor(() => expect(currentPath()).toBe('/setting-permissions'));
    await waitFor(() => expect(palette()).toBeNull());
    expect(screen.queryByText('Do you want to Logout?')).toBeNull();
  });

  it('does nothing with an Enter typed before anything else: nothing typed, nothing matches', async () => {
    remember({ id: 'session.logout', title: 'Log out' });
    const user = await dashboard();
    await user.keyboard('{Control>}k{/Control}{Enter}');
    const { dialog, input } = await letThrough();
    expect(input.value).toBe('');
    // The empty palette is shown, Recent's Log out not run: no confirmation page, still on the dashboard.
    expect(within(dialog).queryByText('Do you want to Logout?')).toBeNull();
    expect(within(dialog).getAllByRole('option', { name: /Log out/ }).length).toBeGreaterThan(0);
    expect(currentPath()).toBe('/dashboard');
  });

  it('closes on an Escape typed before it was there, and the next Ctrl+K starts empty', async () => {
    const user = await dashboard();
    await user.keyboard('{Control>}k{/Control}users{Escape}');
    await act(async () => { gate.release(); await gate.held; });
    expect(palette()).toBeNull();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Command palette' });
    expect((within(dialog).getByRole('combobox') as HTMLInputElement).value).toBe('');
  });
});
