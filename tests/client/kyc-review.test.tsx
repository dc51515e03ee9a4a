/**
 * The KYC queue by keyboard (issue 29 item 4): on the pending applications, j/k move, Enter opens the
 * applicant's documents and profile beside the list; + − 0 zoom, Shift+R rotates, , and . step through
 * the documents (listed in the ? sheet); `a` verifies the application (held for `u`, then sent through
 * the labels route), the focus moves to the next application and the panel follows; the palette offers
 * Verify / Reject application; a PDF is shown in a frame from the staff route (whose answer sandboxes it:
 * documents.test.ts).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeApi, type FakeApi } from './support/fake-api';
import { AUTH } from './support/fixtures';
import { freshBrowserState, renderApp } from './support/render-app';
import { pagedList, signedInWithAbilities } from './support/resource-rows';

const LIST = `${AUTH}/admin/users/documents/pending`;
const LABELS = `${AUTH}/admin/users/labels`;
const row = (uid: string, id: number) => ({ id, uid, email: `${uid.toLowerCase()}@customer.test`, country: 'DE', level: 2, state: 'active',
  submitted_at: '2026-11-01T10:00:00Z', created_at: '2026-10-01T10:00:00Z' });
const doc = (id: number, content_type: string, doc_type: string) => ({
  id, upload: `${AUTH}/admin/documents/${id}`, doc_type, doc_number: `N${id}`, doc_expire: null, doc_category: null, identificator: null,
  metadata: null, content_type, size: 900, created_at: '2026-11-01T10:00:00Z', updated_at: '2026-11-01T10:00:00Z',
});
const detail = (uid: string, docs: unknown[]) => ({
  uid, email: `${uid.toLowerCase()}@customer.test`, role: 'member', level: 2, otp: false, state: 'active', labels: [], phones: [],
  profiles: [{ first_name: 'Ada', last_name: uid, dob: '1990-01-01', address: '1 Main St', postcode: '10115', city: 'Berlin', country: 'DE',
    state: 'submitted', metadata: null, created_at: '2026-11-01T09:00:00Z', updated_at: '2026-11-01T09:00:00Z' }],
  comments: [], user_state_logs: [], accounts: [], documents: docs, created_at: '2026-10-01T10:00:00Z',
});

let api: FakeApi;
beforeEach(() => { freshBrowserState(); api = fakeApi(); });
afterEach(() => vi.unstubAllGlobals());

const focusedRow = () => document.activeElement?.closest('[row-index]')?.getAttribute('row-id');
const shown = () => document.querySelector<HTMLElement>('.kyc-viewer-doc');

describe('the KYC queue by keyboard', () => {
  it('reviews documents with the viewer keys and decides with a, the focus moving on to the next application', async () => {
    signedInWithAbilities(api, { manage: ['Level', 'Label', 'Profile'], read: ['User', 'Document', 'Ability'] });
    api.on('GET', LIST, pagedList([row('IDAPPLICANTA', 1), row('IDAPPLICANTB', 2)]))
      .on('GET', `${AUTH}/admin/users/IDAPPLICANTA`, { body: detail('IDAPPLICANTA', [doc(11, 'image/png', 'Identity card'), doc(12, 'application/pdf', 'Utility Bill')]) })
      .on('GET', `${AUTH}/admin/users/IDAPPLICANTB`, { body: detail('IDAPPLICANTB', [doc(21, 'image/jpeg', 'Passport')]) })
      .on('PUT', LABELS, (req) => ({ status: 200, body: { ...(req.body as object), description: null, created_at: null, updated_at: null } }));
    renderApp('/pending-applications?tab=profile');
    await screen.findByText('idapplicanta@customer.test', {}, { timeout: 15_000 });
    const user = userEvent.setup();
    await user.keyboard('j');
    await waitFor(() => expect(focusedRow()).toBe('IDAPPLICANTA'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Application · IDAPPLICANTA' })).toBeTruthy();
    await waitFor(() => expect(shown()?.getAttribute('src')).toBe(`${AUTH}/admin/documents/11`));
    expect(screen.getByText('Identity card · 1 of 2')).toBeTruthy();

    // Zoom and rotate: state on screen, the grid's row focus untouched.
    await user.keyboard('++');
    expect(screen.getByLabelText('Zoom').textContent).toBe('150 %');
    await user.keyboard('{Shift>}R{/Shift}');
    expect(shown()!.style.transform).toBe('rotate(90deg) scale(1.5)');
    await user.keyboard('-');
    expect(shown()!.style.transform).toBe('rotate(90deg) scale(1.25)');
    await user.keyboard('0');
    expect(shown()!.style.transform).toBe('rotate(0deg) scale(1)');
    expect(focusedRow()).toBe('IDAPPLICANTA');
    // The next document is the PDF, in a frame from the staff route; it opens unzoomed.
    await user.keyboard('+.');
    await waitFor(() => expect(shown()?.tagName).toBe('IFRAME'));
    expect(shown()!.getAttribute('src')).toBe(`${AUTH}/admin/documents/12`);
    expect(shown()!.style.transform).toBe('rotate(0deg) scale(1)');
    await user.keyboard(',');
    await waitFor(() => expect(shown()?.tagName).toBe('IMG'));

    // `a` verifies the application: held for u, the focus on the next application, the panel following it.
    await user.keyboard('a');
    expect(await screen.findByText('Verified #IDAPPLICANTA — u to undo')).toBeTruthy(); // the queue's own verb
    await waitFor(() => expect(focusedRow()).toBe('IDAPPLICANTB'));
    expect(document.activeElement).not.toBe(document.body);
    expect(await screen.findByRole('heading', { name: 'Application · IDAPPLICANTB' })).toBeTruthy();
    await waitFor(() => expect(shown()?.getAttribute('src')).toBe(`${AUTH}/admin/documents/21`));
    expect(api.callsTo('PUT', LABELS)).toHaveLength(0);
    // The next decision sends the held one, through the labels route the user page's switches use.
    await user.keyboard('r');
    await waitFor(() => expect(api.callsTo('PUT', LABELS).map((c) => c.body)).toEqual([
      { uid: 'IDAPPLICANTA', key: 'document', scope: 'private', value: 'verified' }]));
    expect(await screen.findByText('Rejected #IDAPPLICANTB — u to undo')).toBeTruthy();
    await user.keyboard('u');
    expect(await screen.findByText('Reject of #IDAPPLICANTB undone: nothing was sent')).toBeTruthy();
    await waitFor(() => expect(focusedRow()).toBe('IDAPPLICANTB'));

    // The palette names the decision; the ? sheet lists the viewer's keys.
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('verify application');
    expect(await screen.findByRole('option', { name: /Verify application/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const title of ['Zoom in on the document', 'Zoom out of the document', 'Rotate the document a quarter turn', 'Next document', 'Previous document']) {
      expect(within(sheet).getByText(title)).toBeTruthy();
    }
  }, 60_000);
});
