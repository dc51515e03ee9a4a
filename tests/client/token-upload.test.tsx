/**
 * The tokens' Upload in the console: the header button only for manage Token; choosing a CSV sends it as
 * multipart for a dry run with the upload's progress shown, the dialog shows the rows, the first rows and
 * every bad line with its number, Apply stays disabled while any row is wrong, and a clean file is applied
 * with `dry_run=false`, the list reloaded and the count in a toast.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokens } from '../../src/shared/resources/tokens';
import { fakeApi, type FakeApi } from './support/fake-api';
import { renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const LIST = '/api/v2/applogic/admin/tokens';
const TOKEN = { id: 1, kind: 'nfe', name: 'Trust Genesis #1', code: 'TRSTART', token_number: '1', nfe_category_id: 1, nfe_category: 'Art', supply: '1', state: 'active', created_at: '2026-11-01T08:00:00Z' };

/** XMLHttpRequest as the upload uses it: each send answers the next queued reply, after progress events. */
interface Sent { url: string; method: string; headers: Record<string, string>; body: FormData }
const sent: Sent[] = [];
let replies: Array<{ status: number; body: unknown }> = [];
class FakeXhr {
  upload: { onprogress?: (e: { loaded: number; total: number; lengthComputable: boolean }) => void; onload?: () => void } = {};
  status = 0; responseText = ''; withCredentials = false;
  onload?: () => void; onerror?: () => void; onabort?: () => void;
  private req: Partial<Sent> = { headers: {} };
  open(method: string, url: string) { this.req.method = method; this.req.url = url; }
  setRequestHeader(k: string, v: string) { this.req.headers![k.toLowerCase()] = v; }
  abort() { this.onabort?.(); }
  send(body: FormData) {
    sent.push({ ...(this.req as Sent), body });
    const reply = replies.shift()!;
    setTimeout(() => {
      this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true });
      // Long enough for the screen to show the bar, then the server's part.
      setTimeout(() => {
        this.upload.onload?.();
        setTimeout(() => { this.status = reply.status; this.responseText = JSON.stringify(reply.body); this.onload?.(); }, 150);
      }, 250);
    }, 5);
  }
}

let api: FakeApi;
beforeEach(() => {
  localStorage.clear();
  api = fakeApi();
  sent.length = 0;
  replies = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const report = (over: Record<string, unknown>) => ({ dry_run: true, total: 3, valid: 3, created: 0, preview: [], errors: [], error_count: 0, ...over });
const csv = (text: string) => new File([text], 'tokens.csv', { type: 'text/csv' });

describe('tokens upload', () => {
  it('checks the file first, shows each bad line and keeps Apply off, then applies a clean file', async () => {
    signedInWithAbilities(api, {}, { manage: ['Token', 'TokenCategory'] });
    api.on('GET', LIST, pagedList([TOKEN]));
    renderApp('/tokens');
    const user = userEvent.setup({ applyAccept: false });
    expect(await screen.findByText('Trust Genesis #1')).toBeTruthy();
    expect(screen.getByRole('button', { name: /NFE/ })).toBeTruthy();

    replies.push({ status: 200, body: report({ valid: 1, error_count: 2, preview: [{ kind: 'nfe', name: 'Moon #1', code: 'MOON', token_number: '1' }],
      errors: [{ line: 3, field: 'token_number', code: 'admin.token.missing_token_number' }, { line: 4, field: 'code', code: 'admin.token.currency_doesnt_exist' }] }) });
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Tokens' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('kind,name,code\n'));
    expect(await within(dialog).findByText(/Uploading 50%/)).toBeTruthy();
    expect(await within(dialog).findByText(/Checking tokens.csv/)).toBeTruthy();
    expect(await within(dialog).findByText(/3 rows · 1 valid · 2 errors/)).toBeTruthy();
    const errors = within(dialog).getByRole('list', { name: 'Errors' });
    expect(errors.textContent).toContain('Line 3 · Token number');
    expect(errors.textContent).toContain("Line 4 · Code: A fungible token's code must be a listed currency's code");
    expect(within(dialog).getByRole('table', { name: 'Rows to create' }).textContent).toContain('Moon #1');
    expect((within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    expect(sent[0]!.url).toBe(`${LIST}/upload?dry_run=true`);
    expect(sent[0]!.method).toBe('POST');
    expect((sent[0]!.body.get('file') as File).name).toBe('tokens.csv');

    // A corrected file: clean, so Apply sends it again, for real.
    replies.push({ status: 200, body: report({}) }, { status: 201, body: report({ dry_run: false, created: 3 }) });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('kind,name,code\nnfe,A,B\n'));
    const apply = await within(dialog).findByRole('button', { name: 'Apply 3 rows' });
    const listsBefore = api.callsTo('GET', LIST).length;
    await user.click(apply);
    expect(await screen.findByText('3 tokens uploaded')).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual([`${LIST}/upload?dry_run=true`, `${LIST}/upload?dry_run=true`, `${LIST}/upload?dry_run=false`]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Tokens' })).toBeNull());
    await waitFor(() => expect(api.callsTo('GET', LIST).length).toBeGreaterThan(listsBefore));
  });

  it('shows a refused file with the line it names', async () => {
    signedInWithAbilities(api, {}, { manage: ['Token'] });
    api.on('GET', LIST, pagedList([TOKEN]));
    renderApp('/tokens');
    const user = userEvent.setup({ applyAccept: false });
    replies.push({ status: 422, body: { errors: ['admin.token.upload_malformed'], fields: { 'line.7': ['admin.token.upload_malformed'] } } });
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Tokens' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('kind,"name\n'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The file is not valid CSV (check quotes and line breaks). (line 7)');
  });

  it('offers the template of the header the server parses, and names the columns a refused header lacks', async () => {
    signedInWithAbilities(api, {}, { manage: ['Token'] });
    api.on('GET', LIST, pagedList([TOKEN]));
    renderApp('/tokens');
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Tokens' });
    const link = within(dialog).getByRole('link', { name: 'Download the template' });
    expect(link.getAttribute('download')).toBe('tokens-template.csv');
    const href = link.getAttribute('href')!;
    expect(href.startsWith('data:text/csv;charset=utf-8,')).toBe(true);
    // Exactly the declaration's columns, which the server's header check reads (tokens.test.ts uploads this text).
    expect(decodeURIComponent(href.slice(href.indexOf(',') + 1))).toBe(`${tokens.upload!.columns.join(',')}\r\n`);
    expect(tokens.upload!.columns.slice(0, 3)).toEqual(['kind', 'name', 'code']);

    replies.push({ status: 422, body: { errors: ['admin.token.upload_missing_column'], fields: { name: ['admin.token.upload_missing_column'], code: ['admin.token.upload_missing_column'] } } });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('kind\nnfe\n'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe("The file's header lacks a required column. (columns: name, code)");
    replies.push({ status: 422, body: { errors: ['admin.token.upload_unknown_column'], fields: { colour: ['admin.token.upload_unknown_column'] } } });
    await user.upload(within(dialog).getByLabelText('CSV file'), csv('kind,name,code,colour\n'));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe("The file's header names a column tokens do not have. (column: colour)"));
  });

  it('offers no Upload to a reader', async () => {
    signedInWithAbilities(api, {}, { read: ['Token', 'TokenCategory'] });
    api.on('GET', LIST, pagedList([TOKEN]));
    renderApp('/tokens');
    expect(await screen.findByText('Trust Genesis #1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: /NFE/ })).toBeNull();
  });
});
