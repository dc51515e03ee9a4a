/**
 * Pin or unpin the record on screen (issue 17 item 7): on the page of a row of any list (a user, a
 * market, a currency, an adjustment …), from the palette or with Shift+P. Pins are the staff member's own,
 * kept on the server; the palette's empty state lists them with the records opened last.
 */
import { notify } from '../src/client/state/toasts';
import { pinOf, pinRecord, recordAt, unpinRecord } from '../src/client/state/records';
import type { Command } from './types';

const here = (location: string) => recordAt(location);

export const recordCommands: Command[] = [
  {
    id: 'record.pin',
    title: 'Pin this record',
    group: 'Record',
    keywords: ['pin', 'bookmark', 'favourite', 'star'],
    shortcut: ['shift+P'],
    can: (ctx) => { const r = here(ctx.location); return !!r && !pinOf(r.path); },
    run: async (ctx) => {
      const r = here(ctx.location);
      if (!r) return;
      const failed = await pinRecord(r);
      if (failed) notify('error', failed);
      else notify('success', `Pinned ${r.title}`);
    },
  },
  {
    id: 'record.unpin',
    title: 'Unpin this record',
    group: 'Record',
    keywords: ['unpin', 'bookmark', 'remove pin'],
    shortcut: ['shift+P'],
    can: (ctx) => { const r = here(ctx.location); return !!r && !!pinOf(r.path); },
    run: async (ctx) => {
      const r = here(ctx.location);
      const pin = r && pinOf(r.path);
      if (!pin) return;
      const failed = await unpinRecord(pin);
      if (failed) notify('error', failed);
      else notify('success', `Unpinned ${pin.title}`);
    },
  },
];
