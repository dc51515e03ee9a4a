/**
 * Paste-and-go: a uid (ID + 10 hex), an e-mail, a phone number, a market, a currency code or `#id`
 * typed into the palette becomes "Open …" commands. Targets the user may not open are not offered.
 */
import { resourceAt, rowPath } from '../src/client/resource-ui/presentation';
import type { CommandContext } from './types';

const UID = /^ID[0-9A-F]{10}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d[\d\s().-]{6,18}\d$/;
const ROW_ID = /^#(\d{1,15})$/;
/** Market ids are base + quote, lower-case (btcusdt); the quote list keeps plain words from matching. */
const MARKET = /^([a-z0-9]{2,10})(usdt|usdc|usd|btc|eth|eur|trx|bnb)$/i;
const CURRENCY = /^[a-z][a-z0-9]{1,9}$/i;

/**
 * A jump target; `path` is what recent items remember. A jump with a `term` opens the one user the term
 * names (CommandContext.openUser), with `path` as the fallback.
 */
export interface Jump { id: string; title: string; path: string; term?: string }

function jumpsFor(text: string, ctx: CommandContext): Jump[] {
  const q = text.trim();
  if (!q) return [];
  const out: Jump[] = [];
  if (UID.test(q) && ctx.canOpen(`/user-directory/${q.toUpperCase()}`)) out.push({ id: 'jump.user', title: `Open user ${q.toUpperCase()}`, path: `/user-directory/${q.toUpperCase()}` });
  const users = ctx.canOpen('/user-directory', 'list');
  if (EMAIL.test(q) && users) {
    out.push({ id: 'jump.email', title: `Open user by e-mail ${q}`, path: `/user-directory?${new URLSearchParams({ email: q })}`, term: q });
  }
  if (PHONE.test(q) && users) {
    const digits = q.replace(/[^\d+]/g, '');
    out.push({ id: 'jump.phone', title: `Open user by phone ${digits}`, path: `/user-directory?${new URLSearchParams({ phone_number: digits })}`, term: digits });
  }
  const row = ROW_ID.exec(q);
  const here = resourceAt(ctx.location);
  if (row && here) out.push({ id: 'jump.row', title: `Open ${here.label} #${row[1]}`, path: rowPath(here, row[1]) });
  if (MARKET.test(q) && ctx.canOpen(`/market-info/${q.toLowerCase()}`, 'edit')) {
    out.push({ id: 'jump.market', title: `Open market ${q.toUpperCase()}`, path: `/market-info/${q.toLowerCase()}` });
  }
  if (CURRENCY.test(q) && !MARKET.test(q) && ctx.canOpen(`/currencies/${q.toLowerCase()}`, 'edit')) {
    out.push({ id: 'jump.currency', title: `Open currency ${q.toUpperCase()}`, path: `/currencies/${q.toLowerCase()}` });
  }
  return out;
}

export { jumpsFor };
