// "Export CSV" in a list's header (issue 17 item 4): the view's filters, sort and columns go to the export
// call; the header shows the rows received of the list's total while the file streams; Cancel aborts the
// request; a finished export is saved as a file and said so. The palette runs the same export.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH, signedIn } from './support/fixtures';
import { renderApp } from './support/render-app';

const LIST = `${AUTH}/admin/users`;
const EXPORT = `${AUTH}/admin/exports/users.csv`;
let api: FakeApi;

const users = Array.from({ length: 3 }, (_, i) => ({
  id: i + 1, uid: `ID${String(i + 1).padStart(10, '0')}`, email: `u${i}@customer.test`,
  username: null, role: 'member', level: 1, state: 'active', country: 'DE', created_at: '2026-01-05T09:07:00Z',
}));

interface Streamed { url: URL; signal?: AbortSignal; push(text: string): void; end(): void }
let streams: Streamed[];

/** The export answered by a stream the test feeds; aborting the request errors it, as a browser does. */
function stubExport() {
  const base = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname !== EXPORT) return base(input, init);
    let ctl!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => { ctl = c; } });
    const enc = new TextEncoder();
    init.signal?.addEventListener('abort', () => ctl.error(new DOMException('The operation was aborted.', 'AbortError')));
    streams.push({ url, signal: init.signal ?? undefined, push: (t) => ctl.enqueue(enc.encode(t)), end: () => ctl.close() });
    return Promise.resolve(new Response(body, { status: 200, headers: {
      'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="users-20261120-120000Z.csv"',
      'Export-Max-Rows': '1000000', 'Export-Total': '5',
    } }));
  });
}

beforeEach(() => {
  localStorage.clear();
  streams = [];
  api = fakeApi();
  signedIn(api, 'superadmin');
  api.on('GET', LIST, { body: users, headers: { Total: '3', Page: '1', 'Per-Page': '50' } });
  stubExport();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
});
afterEach(() => { vi.restoreAllMocks(); vi.unstubAllGlobals(); });

describe('exporting a list view', () => {
  it('sends the view, shows progress of the total, and Cancel aborts the stream', async () => {
    renderApp('/user-directory?role=member&order_by=email&ordering=asc&page=2');
    await screen.findByText('u0@customer.test');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(streams).toHaveLength(1));
    const q = streams[0]!.url.searchParams;
    expect(q.get('role')).toBe('member');
    expect(q.get('order_by')).toBe('email');
    expect(q.get('ordering')).toBe('asc');
    expect(q.get('columns')).toBe('uid,email,username,role,level,state,country,created_at');
    // Every page is exported, so the view's page is not sent.
    expect(q.has('page')).toBe(false);

    streams[0]!.push('UID,Email\r\nID1,"a\r\nb"\r\n');
    streams[0]!.push('ID2,c\r\n');
    expect(await screen.findByText('Exporting 2 of 5 rows…')).toBeTruthy();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    // Focus moved to Cancel: Enter twice starts and stops an export without the mouse.
    expect(document.activeElement).toBe(cancel);
    await user.keyboard('{Enter}');
    expect(streams[0]!.signal?.aborted).toBe(true);
    expect(await screen.findByText('Export canceled')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('saves the finished file and says how many rows it holds', async () => {
    renderApp('/user-directory');
    await screen.findByText('u0@customer.test');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(streams).toHaveLength(1));
    streams[0]!.push('UID\r\nID1\r\nID2\r\nID3\r\n');
    streams[0]!.end();
    expect(await screen.findByText('Exported 3 rows to users-20261120-120000Z.csv')).toBeTruthy();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const blob = (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0]![0];
    expect(await blob.text()).toBe('UID\r\nID1\r\nID2\r\nID3\r\n');
  });

  it('streams to a file chosen with the browser\'s save picker where there is one, holding nothing in the page', async () => {
    const written: string[] = [];
    const file = { write: vi.fn(async (c: Uint8Array) => { written.push(new TextDecoder().decode(c)); }), close: vi.fn(async () => undefined), abort: vi.fn(async () => undefined) };
    const picker = vi.fn(async (_opts: { suggestedName: string }) => ({ createWritable: async () => file }));
    vi.stubGlobal('showSaveFilePicker', picker);
    renderApp('/user-directory');
    await screen.findByText('u0@customer.test');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(streams).toHaveLength(1));
    expect(picker.mock.calls[0]![0]).toMatchObject({ suggestedName: expect.stringMatching(/^users-\d{8}-\d{6}Z\.csv$/) });
    streams[0]!.push('UID\r\nID1\r\n');
    streams[0]!.push('ID2\r\n');
    streams[0]!.end();
    expect(await screen.findByText('Exported 2 rows')).toBeTruthy();
    expect(written.join('')).toBe('UID\r\nID1\r\nID2\r\n');
    expect(file.close).toHaveBeenCalledTimes(1);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('shows the server\'s refusal (too many rows) and offers the button again', async () => {
    api.on('GET', EXPORT, { status: 422, body: { errors: ['admin.export.too_many_rows'] } });
    vi.stubGlobal('fetch', api.fetch);
    renderApp('/user-directory');
    await screen.findByText('u0@customer.test');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Export CSV/ }));
    expect(await screen.findByText('Too many rows to export: narrow the filters below the export limit.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('runs from the palette too', async () => {
    renderApp('/user-directory');
    await screen.findByText('u0@customer.test');
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    const dialog = await screen.findByRole('dialog');
    await user.keyboard('Export CSV');
    await user.click(await within(dialog).findByText('Export CSV'));
    await waitFor(() => expect(streams).toHaveLength(1));
  });
});
