// A toast raised while a modal dialog is open stays exposed to assistive tech (react-aria hides
// everything outside a modal; the toaster is declared a top layer).
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from '../../src/client/components/toast/Toaster';
import { ConfirmDialog } from '../../src/client/components/ui/ConfirmDialog';
import { notify, toasts } from '../../src/client/state/toasts';

describe('toasts and modal dialogs', () => {
  it('announces an error raised while a dialog is open', async () => {
    render(
      <>
        <main><p>Page content</p></main>
        <Toaster />
        <ConfirmDialog isOpen title="Are you sure?" confirmLabel="Delete" onConfirm={() => {}} onCancel={() => {}} />
      </>,
    );
    await screen.findByRole('alertdialog');
    act(() => notify('error', 'Server error', 500));
    const alert = await screen.findByRole('alert');
    expect(alert.closest('[aria-hidden="true"]')).toBeNull();
    // The page itself is hidden while the dialog is open, so the check above can fail.
    expect(screen.getByText('Page content').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('toast placement', () => {
  it('stacks below a page header marked as the anchor, so it never covers its identity and facts', async () => {
    toasts.items.splice(0);
    // The sign-in toast is up before the user page (and its header) renders.
    const page = (header: boolean) => (
      <>
        {header && <header className="u-header" data-toast-anchor="">Ada Lindqvist · Admin · Level 3</header>}
        <Toaster />
      </>
    );
    const { rerender } = render(page(false));
    act(() => notify('success', 'Logged In Successfully'));
    const toaster = (await screen.findByRole('status')).closest('.toaster') as HTMLElement;
    expect(toaster.style.getPropertyValue('--toast-below')).toBe('');
    const rect = { top: 72, bottom: 166, left: 264, right: 1408, width: 1144, height: 94, x: 264, y: 72, toJSON: () => ({}) };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return (this.hasAttribute('data-toast-anchor') ? rect : { ...rect, top: 0, bottom: 0, height: 0 }) as DOMRect;
    });
    rerender(page(true));
    await waitFor(() => expect(toaster.style.getPropertyValue('--toast-below')).toBe('174px'));
    // Scrolled away: back under the top bar, where toasts start without an anchor.
    Object.assign(rect, { top: -200, bottom: -106, y: -200 });
    act(() => { window.dispatchEvent(new Event('scroll')); });
    expect(toaster.style.getPropertyValue('--toast-below')).toBe('');
    vi.restoreAllMocks();
  });
});
