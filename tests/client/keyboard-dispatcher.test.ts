/**
 * Which focused element owns a key: text fields and dialogs keep every key; a select keeps only what it
 * uses (named keys, and a character an option starts with), so `[` `]` `j` `k` page and move from the
 * rows-per-page select.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyDispatcher } from '../../src/client/keyboard/dispatcher';
import { listCommands } from '../../commands/list';
import type { Command } from '../../commands';

afterEach(() => { document.body.innerHTML = ''; });

/** A dispatcher over the list's keyboard commands; returns the ids it ran. */
function listen() {
  const ran: string[] = [];
  const onKey = createKeyDispatcher(() => listCommands, (c: Command) => { ran.push(c.id); });
  document.addEventListener('keydown', onKey);
  return { ran, off: () => document.removeEventListener('keydown', onKey) };
}

function press(target: HTMLElement, key: string) {
  target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
}

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector('[data-focus]') as HTMLElement;
}

const PAGE_SIZE = '<select data-focus><option>10</option><option>25</option><option>50</option><option>100</option></select>';

describe('keys from a focused element', () => {
  it('the rows-per-page select lets the list keys through and keeps its own', () => {
    const { ran, off } = listen();
    const select = mount(PAGE_SIZE);
    for (const key of [']', '[', 'j', 'k', '/']) press(select, key);
    // Digits pick a size, arrows move through the options: the select's own.
    for (const key of ['1', '5', 'ArrowDown', 'Enter']) press(select, key);
    off();
    expect(ran).toEqual(['list.next-page', 'list.prev-page', 'list.row-down', 'list.row-up', 'list.focus-filter']);
  });

  it('a select whose options start with the letter keeps it for type-ahead', () => {
    const { ran, off } = listen();
    const select = mount('<select data-focus><option>Germany</option><option>Japan</option></select>');
    press(select, 'j');
    press(select, ']');
    off();
    expect(ran).toEqual(['list.next-page']);
  });

  it.each([
    ['a text input', '<input data-focus />'],
    ['a textarea', '<textarea data-focus></textarea>'],
    ['a select inside a dialog', `<div role="dialog">${PAGE_SIZE}</div>`],
    ['a button inside a dialog', '<div role="dialog"><button data-focus>OK</button></div>'],
  ])('%s keeps every key', (_, html) => {
    const { ran, off } = listen();
    const el = mount(html);
    for (const key of [']', '[', 'j', 'k']) press(el, key);
    off();
    expect(ran).toEqual([]);
  });
});
