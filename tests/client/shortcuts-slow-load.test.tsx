/**
 * The shell's shortcuts while their commands load (issue 29 item 20): the commands left the first screen's
 * code and load with the first key a shortcut may take (GlobalKeys). Here that load is held back by a
 * promise: the keys pressed meanwhile must run, in order, once it is there (`g` `o` still goes to Orders,
 * `?` opens the sheet), and a key typed into a field meanwhile stays the field's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, EXCHANGE, signedIn } from './support/fixtures';
import { currentPath, freshBrowserState, renderApp } from './support/render-app';
import { pagedList, permissionRows } from './support/resource-rows';
import { commandsCode } from '../../src/client/components/palette/GlobalKeys';

/** The commands' code, held until the test lets it through: a slow network on the first key. */
const gate = { held: Promise.resolve(), release: () => undefined as void, loads: 0 };
let api: FakeApi;
beforeEach(() => {
  freshBrowserState();
  api = fakeApi();
  api.on('GET', `${EXCHANGE}/admin/orders`, pagedList([]));
  gate.held = new Promise<void>((r) => { gate.release = r; });
  gate.loads = 0;
  const load = commandsCode.load;
  vi.spyOn(commandsCode, 'load').mockImplementation(async () => {
    gate.loads += 1;
    await gate.held;
    return load();
  });
});
afterEach(() => { gate.release(); vi.restoreAllMocks(); });

describe('shortcuts pressed while their commands load', () => {
  it('run in order once the commands are there; a key typed in a field stays the field\'s', async () => {
    signedIn(api, 'superadmin');
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main navigation' });
    // The first screen did not ask for the commands.
    expect(gate.loads).toBe(0);
    const user = userEvent.setup();

    // A key in a field is the field's: it neither starts the load nor waits to run as a shortcut.
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    await user.keyboard('g');
    expect(field.value).toBe('g');
    expect(gate.loads).toBe(0);
    field.blur();
    field.remove();

    await user.keyboard('go');
    expect(gate.loads).toBe(1);
    expect(currentPath()).toBe('/dashboard');
    await user.keyboard('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();

    await act(async () => { gate.release(); await gate.held; });
    await waitFor(() => expect(currentPath()).toBe('/orders'));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeTruthy();
  });

  it('a key that belongs to what the earlier ones focused reaches it: j then Enter opens the first row', async () => {
    signedIn(api, 'superadmin');
    api.on('GET', `${AUTH}/admin/permissions`, pagedList(permissionRows(3)));
    renderApp('/setting-permissions');
    await screen.findByText('api/v2/barong/admin/thing1');
    const user = userEvent.setup();
    // j waits for the commands; Enter, pressed before the row it is meant for has focus, waits behind it.
    await user.keyboard('j{Enter}');
    expect(gate.loads).toBe(1);
    await act(async () => { gate.release(); await gate.held; });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Permission' });
    expect(dialog.textContent).toContain('#1');
  });
});
