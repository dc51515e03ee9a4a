/**
 * The Comments panel (issue 10 item 12): the detail's newest page, older pages on demand from the
 * keyboard, writes that update the panel from their answer without reading anything again, and the
 * controls only for a role that may update the user's comments.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { renderApp } from './support/render-app';
import { ADMIN, SUPPORT, UID, USER_URL, bodies, customer, queries, serveUser, staff } from './users-fixtures';

const WRITE = `${AUTH}/admin/users/comments`;
const LIST = `${USER_URL}/comments`;
let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
});
afterEach(() => vi.unstubAllGlobals());

/** Comment n of the user's 45: id n, one a minute, c44 the newest. */
const comment = (n: number) => ({
  id: n, title: `c${n}`, data: `body ${n}`, author_uid: 'ID0000000001',
  created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
});
/** c{from} down to c{to}. */
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => comment(from - i));
const shown = () => within(screen.getByRole('list', { name: 'Comments, newest first' })).queryAllByRole('listitem')
  .map((li) => li.querySelector('strong')?.textContent);
const titles = (list: { title: string }[]) => list.map((c) => c.title);

/** The server's comments list: 20 older than `before_id`, newest first, with the total. */
function serveOlder(all: () => ReturnType<typeof comment>[]) {
  api.on('GET', LIST, (req) => {
    const before = Number(req.query.get('before_id'));
    const i = all().findIndex((c) => c.id === before);
    return { body: all().slice(i + 1, i + 1 + Number(req.query.get('limit'))), headers: { Total: String(all().length), 'Per-Page': '20' } };
  });
}

describe('comments panel', () => {
  it('shows the newest page and loads older pages from the keyboard until none are left', async () => {
    staff(api, 'admin', ADMIN);
    const all = range(44, 0);
    serveUser(api, customer({ comments: all.slice(0, 20), comments_total: 45 }));
    serveOlder(() => all);
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByText('c44');
    expect(shown()).toEqual(titles(range(44, 25)));
    expect(screen.getByText('Showing the newest 20 of 45')).toBeTruthy();

    const more = screen.getByRole('button', { name: 'Load older comments (25 more)' });
    more.focus();
    await user.keyboard('{Enter}');
    await screen.findByText('c5');
    expect(queries(api, 'GET', LIST)).toEqual([{ before_id: '25', limit: '20' }]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Load older comments (5 more)' }));
    await user.keyboard(' ');
    await screen.findByText('c0');
    expect(queries(api, 'GET', LIST)[1]).toEqual({ before_id: '5', limit: '20' });
    expect(shown()).toEqual(titles(all));
    // All 45 shown: no button, and focus stays in the panel.
    expect(screen.queryByRole('button', { name: /Load older comments/ })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('list', { name: 'Comments, newest first' }));
  });

  it('adds, edits and deletes from the write answers, keeping the older pages, without reading again', async () => {
    staff(api, 'admin', ADMIN);
    let all = range(44, 0);
    const detail = () => customer({ comments: all.slice(0, 20), comments_total: all.length });
    serveUser(api, detail());
    serveOlder(() => all);
    api.on('POST', WRITE, (req) => {
      const b = req.body as { title: string; data: string };
      all = [{ ...comment(100), id: 100, title: b.title, data: b.data, created_at: '2026-03-01T00:00:00.000Z' }, ...all];
      return { status: 201, body: detail() };
    });
    api.on('PUT', WRITE, (req) => {
      const b = req.body as { id: number; title: string; data: string };
      all = all.map((c) => (c.id === b.id ? { ...c, title: b.title, data: b.data } : c));
      return { body: detail() };
    });
    api.on('DELETE', WRITE, (req) => {
      all = all.filter((c) => c.id !== Number(req.query.get('id')));
      return { body: detail() };
    });
    const user = userEvent.setup();
    renderApp(`/user-directory/${UID}`);
    await screen.findByText('c44');
    await user.click(screen.getByRole('button', { name: 'Load older comments (25 more)' }));
    await screen.findByText('c5');

    // Add: c25 left the answer's page (it now ends at c26) but stays shown, between the page and the older ones.
    const panel = within(screen.getByRole('region', { name: 'Comments' }));
    await user.type(panel.getByLabelText('Title'), 'Call back');
    await user.type(panel.getByLabelText('Comment'), 'asked for a new ID');
    await user.click(panel.getByRole('button', { name: 'Add comment' }));
    await screen.findByText('Call back');
    expect(shown()).toEqual(['Call back', ...titles(range(44, 5))]);
    expect(screen.getByText('Showing the newest 41 of 46')).toBeTruthy();

    // Edit an older comment, outside the answer's page.
    await user.click(screen.getByRole('button', { name: 'Edit comment c10' }));
    const title = panel.getByDisplayValue('c10');
    await user.clear(title);
    await user.type(title, 'c10 checked');
    await user.click(panel.getByRole('button', { name: 'Save comment' }));
    await screen.findByText('c10 checked');
    expect(bodies(api, 'PUT', WRITE)).toEqual([{ id: 10, title: 'c10 checked', data: 'body 10' }]);

    // Delete another older one.
    await user.click(screen.getByRole('button', { name: 'Delete comment c7' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('c7')).toBeNull());
    expect(queries(api, 'DELETE', WRITE)).toEqual([{ id: '7' }]);
    expect(shown()).toEqual(['Call back', ...titles(range(44, 11)), 'c10 checked', 'c9', 'c8', 'c6', 'c5']);
    expect(screen.getByText('Showing the newest 40 of 45')).toBeTruthy();

    // The detail was read once, and the older comments once: the writes' answers did the rest.
    expect(api.callsTo('GET', USER_URL)).toHaveLength(1);
    expect(api.callsTo('GET', LIST)).toHaveLength(1);
  });

  it('shows every comment a stock Barong sends (no total) without a Load older button', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ comments: range(44, 0) }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByText('c44');
    expect(shown()).toHaveLength(45);
    expect(screen.queryByRole('button', { name: /Load older comments/ })).toBeNull();
  });
});

describe('who may write comments', () => {
  const COMPLIANCE = {
    barong: { manage: ['Level', 'Label', 'Profile'], update: [{ User: ['state', 'otp', 'phone_number'] }], read: ['User'] },
    peatio: {},
  };
  it.each([['compliance', COMPLIANCE], ['support', SUPPORT]])('%s: a User update limited to other fields gives no comment controls, and says why', async (role, sets) => {
    staff(api, role, sets);
    serveUser(api, customer({ comments: [comment(1)], comments_total: 1 }));
    renderApp(`/user-directory/${UID}`, { allowedRoles: [role] });
    await screen.findByText('c1');
    const panel = within(screen.getByRole('region', { name: 'Comments' }));
    expect(panel.getByText('Your role cannot edit comments of User.')).toBeTruthy();
    expect(panel.queryByRole('button', { name: 'Add comment' })).toBeNull();
    expect(panel.queryByRole('button', { name: /Edit comment|Delete comment/ })).toBeNull();
  });

  it('admin (update on the whole User) gets them', async () => {
    staff(api, 'admin', ADMIN);
    serveUser(api, customer({ comments: [comment(1)], comments_total: 1 }));
    renderApp(`/user-directory/${UID}`);
    await screen.findByText('c1');
    const panel = within(screen.getByRole('region', { name: 'Comments' }));
    expect(panel.getByRole('button', { name: 'Add comment' })).toBeTruthy();
    expect(panel.getByRole('button', { name: 'Edit comment c1' })).toBeTruthy();
    expect(panel.queryByText(/Your role cannot/)).toBeNull();
  });
});
