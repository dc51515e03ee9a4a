// A toast raised while a modal dialog is open stays exposed to assistive tech (react-aria hides
// everything outside a modal; the toaster is declared a top layer).
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toaster } from '../../src/client/components/toast/Toaster';
import { ConfirmDialog } from '../../src/client/components/ui/ConfirmDialog';
import { notify } from '../../src/client/state/toasts';

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
