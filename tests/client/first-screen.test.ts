// Which screen a direct link opens, for the first load (src/client/first-screen.ts): its code, its resource's
// declaration and its first request start at once; a `?row=` link starts the row panel's code with the list's.
import { describe, expect, it } from 'vitest';
import { firstScreen } from '../../src/client/first-screen';

describe('the first screen of a direct link', () => {
  it('names the list, its resource, and the row panel when the link opens a row', () => {
    expect(firstScreen('/orders', '')).toMatchObject({ screen: 'list', resource: 'orders' });
    expect(firstScreen('/orders', '')!.panel).toBeUndefined();
    expect(firstScreen('/orders', '?state=wait&row=851')).toMatchObject({ screen: 'list', resource: 'orders', panel: true });
  });

  it('names the dashboard, the user page, and nothing for a path of no screen', () => {
    expect(firstScreen('/', '')).toEqual({ screen: 'dashboard' });
    expect(firstScreen('/user-directory/ID0000000042', '')).toMatchObject({ screen: 'user' });
    expect(firstScreen('/no-such-screen/1/2', '')).toBeNull();
  });
});
