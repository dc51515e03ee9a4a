import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Tooltip } from '../../src/client/components/form/Tooltip';

describe('Tooltip', () => {
  it('opens on focus outside any dialog, describes its trigger, and closes on Escape', async () => {
    render(<main><Tooltip content="Your role cannot edit this." focusable className="field-locked"><input disabled aria-label="Role" /></Tooltip></main>);
    const trigger = document.querySelector('.field-locked') as HTMLElement;
    act(() => trigger.focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.textContent).toBe('Your role cannot edit this.');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
    expect(tip.closest('main')).toBeNull();
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(trigger.hasAttribute('aria-describedby')).toBe(false);
  });

  it('inside a dialog it shows within that dialog, which a modal keeps visible to assistive technology', async () => {
    render(<div role="dialog" aria-label="Edit"><Tooltip content="Locked" focusable><span>Role</span></Tooltip></div>);
    act(() => (screen.getByText('Role').parentElement as HTMLElement).focus());
    const tip = await screen.findByRole('tooltip');
    expect(tip.closest('[role=dialog]')).toBe(screen.getByRole('dialog'));
  });

  it('opens on hover only after the pointer rests, and not at all if it leaves first', async () => {
    render(<Tooltip content="full text">short</Tooltip>);
    const trigger = screen.getByText('short');
    fireEvent.pointerEnter(trigger);
    fireEvent.pointerLeave(trigger);
    await new Promise((r) => setTimeout(r, 450));
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.pointerEnter(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect((await screen.findByRole('tooltip')).textContent).toBe('full text');
  });
});
