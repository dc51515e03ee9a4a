/**
 * "Give bonus to user…" (issue 16 item 6): the palette asks for the member, the amount, the currency and
 * the reason in one line ("ID1A2B3C4D5E 25 usdt Goodwill"; on a user's page the UID may be left out),
 * checks it with the bonus form's own struct, asks for a confirmation showing what will be credited, and
 * sends the same create as /bonus/add with an Idempotency-Key — one per line of text until it succeeds,
 * so a retried Enter after a failure never gives twice.
 */
import { bonuses } from '../src/shared/resources/bonuses';
import { validateCreate } from '../src/shared/resources/structs';
import { createRow, newIdempotencyKey } from '../src/client/api/resources';
import { normaliseError } from '../src/client/api';
import { notify } from '../src/client/state/toasts';
import { userDetail } from '../src/client/state/user-detail';
import type { Command, CommandContext } from './types';

const UID = /^ID[0-9A-F]{10}$/i;
const USAGE = 'Type the UID, the amount, the currency and a reason: ID1A2B3C4D5E 25 usdt Goodwill';

interface BonusLine { uid: string; amount: string; currency: string; reason: string }

/** The user whose page is on screen, if any: the bonus goes to them when the line names nobody. */
function userOnScreen(ctx: CommandContext): string | undefined {
  const uid = userDetail.user?.uid;
  return uid && ctx.location.split(/[?#]/)[0] === `/user-directory/${encodeURIComponent(uid)}` ? uid : undefined;
}

/** The line as a bonus's fields: `[UID] amount currency reason…`. */
export function parseBonusLine(text: string, ctx: CommandContext): BonusLine | null {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const uid = words[0] && UID.test(words[0]) ? words.shift()!.toUpperCase() : userOnScreen(ctx);
  const [amount, currency, ...reason] = words;
  if (!uid || !amount || !currency || reason.length === 0) return null;
  return { uid, amount, currency: currency.toLowerCase(), reason: reason.join(' ') };
}

function problems(text: string, ctx: CommandContext): string[] {
  const line = parseBonusLine(text, ctx);
  if (!line) return [USAGE];
  const checked = validateCreate(bonuses, line);
  return checked.ok ? [] : Object.values(checked.messages);
}

/** One key per line of text until it is given (a retry of the same line is the same submit). */
const keys = new Map<string, string>();

export const bonusCommands: Command[] = [{
  id: 'bonus.give',
  title: 'Give bonus to user…',
  group: 'Create',
  keywords: ['bonus', 'credit', 'give', 'gift', 'goodwill', 'reward', 'campaign'],
  page: {
    kind: 'input', placeholder: 'UID amount currency reason — ID1A2B3C4D5E 25 usdt Goodwill', action: 'Give bonus',
    validate: (arg, ctx) => problems(arg, ctx),
    confirm: (arg, ctx) => {
      const b = parseBonusLine(arg, ctx)!;
      return { question: `Give ${b.amount} ${b.currency.toUpperCase()} to ${b.uid} (${b.reason})? Above the currency's review amount it waits for a second approver.`, confirmLabel: 'Give bonus' };
    },
  },
  can: (ctx) => ctx.ability.can('manage', 'Bonus'),
  blocked: (ctx) => (ctx.ability.can('read', 'Bonus') ? 'Your role cannot give a bonus (needs manage on Bonus).' : undefined),
  run: async (ctx, arg = '') => {
    const line = parseBonusLine(arg, ctx);
    if (!line || problems(arg, ctx).length > 0) return [USAGE];
    const text = `${line.uid} ${line.amount} ${line.currency} ${line.reason}`;
    const key = keys.get(text) ?? newIdempotencyKey();
    keys.set(text, key);
    try {
      const made = await createRow(bonuses, { ...line }, key);
      keys.delete(text);
      notify('success', made.state === 'pending_approval' ? 'Bonus recorded: it waits for a second approver' : 'Bonus recorded and credited');
      if (ctx.list?.resource.name === bonuses.name) ctx.list.reload();
    } catch (err) {
      return normaliseError(err).messages;
    }
  },
}];
