/**
 * Paste-and-go: a uid (ID + 10 hex), an e-mail, a phone number, a market, a currency code, `#id` (a row
 * of the list on screen), `<thing> <id>` (a row of any list: "order 42", "withdrawal #7"), a transaction
 * id, a TID, a Stripe / Banxa / Simplex reference or "graph <country>" typed into the palette becomes "Open …" commands. Targets the user may not open are not offered.
 */
import { REGISTRY, type Resource } from '../src/shared/resources';
import type { Indexed } from '../src/client/registry';
import { listRows } from '../src/client/api/resources';
import { normaliseError } from '../src/client/api';
import { detailPath, hasForm, listPath, resourceAt, rowPath } from '../src/client/resource-ui/presentation';
import { formatPhone, phoneDigits } from '../src/shared/phone';
import type { CommandContext } from './types';
import { chainOfLink, exchangeCodes } from '../src/client/state/exchange-codes';
import { graphJumps } from './graph';
import { openProviderTransaction, PROVIDER_LOOKUP, providerJumps } from './providers';

const UID = /^ID[0-9A-F]{10}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?\d[\d\s().-]{6,18}\d$/;
const ROW_ID = /^#(\d{1,15})$/;
/** Market ids are base + quote, lower-case (btcusdt); the quote list keeps plain words from matching. */
const MARKET = /^([a-z0-9]{2,10})(usdt|usdc|usd|btc|eth|eur|trx|bnb)$/i;
/** A chain transaction id: Ethereum's 0x-prefixed 32 bytes, or Bitcoin's 32 bytes in hex. */
const TXID = /^(0x)?[0-9a-fA-F]{64}$/;
const CURRENCY = /^[a-z][a-z0-9]{1,9}$/i;
/** "order 42", "Withdrawal #7": a resource's name (singular or plural) and a row id. */
const NAMED_ROW = /^([a-z][a-z ]{1,40}?)\s*#?(\d{1,15})$/i;
/** Peatio's transfer id of a deposit or withdrawal. */
const TID = /^TID[0-9A-Z]{6,20}$/i;

/** A row id to resolve before opening: rows of `resource` open a bespoke screen by another key (users by uid). */
export interface RowLookup { resource: string; id: string }

/**
 * A jump target; `path` is what recent items remember. A jump with a `term` opens the one user the term
 * names (CommandContext.openUser), with `path` as the fallback; one with a `lookup` opens that row's
 * detail (openRowDetail).
 */
export interface Jump { id: string; title: string; path: string; term?: string; lookup?: RowLookup }

/**
 * `#id` on a list: always a row of the list on screen. A row with a form opens it; a row with a bespoke
 * detail is looked up by id first (the detail's key is not the id); a read-only row (logs) is shown
 * by the list itself, `?row=` on the current view.
 */
function rowJump(r: Indexed, id: string, ctx: CommandContext, here = true): Jump | null {
  const title = `Open ${r.label} #${id}`;
  if (r.detail) return ctx.canOpen(listPath(r)) ? { id: 'jump.row', title, path: listPath(r), lookup: { resource: r.name, id } } : null;
  if (hasForm(r) || r.view) {
    const path = rowPath(r, id);
    return ctx.canOpen(path) ? { id: 'jump.row', title, path } : null;
  }
  // A read-only row: shown beside its list (fetched by id when it is not on the page) — beside the view on screen, or the list's first page.
  const query = new URLSearchParams(here ? ctx.location.split('?')[1] ?? '' : '');
  query.set('row', id);
  const path = `${listPath(r)}?${query}`;
  return here || ctx.canOpen(listPath(r)) ? { id: 'jump.row', title, path } : null;
}

/** The lists a word names: a resource's label or name, singular or plural ("order", "orders", "withdrawal"). */
function resourcesNamed(word: string): Resource[] {
  const w = word.trim().toLowerCase().replace(/\s+/g, ' ');
  return Object.values(REGISTRY).filter((r) => [r.label, r.labelPlural, r.name].some((n) => n.toLowerCase() === w));
}

function jumpsFor(text: string, ctx: CommandContext): Jump[] {
  const q = text.trim();
  if (!q) return [];
  const out: Jump[] = [];
  if (UID.test(q) && ctx.canOpen(`/user-directory/${q.toUpperCase()}`)) out.push({ id: 'jump.user', title: `Open user ${q.toUpperCase()}`, path: `/user-directory/${q.toUpperCase()}` });
  const users = ctx.canOpen('/user-directory');
  if (EMAIL.test(q) && users) {
    out.push({ id: 'jump.email', title: `Open user by e-mail ${q}`, path: `/user-directory?${new URLSearchParams({ email: q })}`, term: q });
  }
  if (PHONE.test(q) && users) {
    // Shown as every screen shows a phone ('+44…'); the directory filter takes the digits, as stored.
    const digits = phoneDigits(q);
    out.push({ id: 'jump.phone', title: `Open user by phone ${formatPhone(digits)}`, path: `/user-directory?${new URLSearchParams({ phone_number: digits })}`, term: digits });
  }
  const row = ROW_ID.exec(q);
  const here = resourceAt(ctx.location);
  const rowTarget = row && here ? rowJump(here, row[1], ctx) : null;
  if (rowTarget) out.push(rowTarget);
  const named = NAMED_ROW.exec(q);
  for (const r of named ? resourcesNamed(named[1]!) : []) {
    const j = rowJump(r, named![2]!, ctx, false);
    if (j) out.push(j);
  }
  if (MARKET.test(q) && ctx.canOpen(`/market-info/${q.toLowerCase()}`)) {
    out.push({ id: 'jump.market', title: `Open market ${q.toUpperCase()}`, path: `/market-info/${q.toLowerCase()}` });
  }
  // Only a code the exchange has: an ordinary word typed into the palette is not a currency.
  if (CURRENCY.test(q) && exchangeCodes.currencies.includes(q.toLowerCase()) && ctx.canOpen(`/currencies/${q.toLowerCase()}`)) {
    out.push({ id: 'jump.currency', title: `Open currency ${q.toUpperCase()}`, path: `/currencies/${q.toLowerCase()}` });
  }
  // A transaction id (0x + 64 hex, or 64 hex): the deposits and withdrawals that carry it.
  if (TXID.test(q)) {
    if (ctx.canOpen('/deposit')) out.push({ id: 'jump.deposit-tx', title: `Find deposits with transaction ${q.slice(0, 12)}…`, path: `/deposit?${new URLSearchParams({ txid: q })}` });
    if (ctx.canOpen('/withdrawls')) out.push({ id: 'jump.withdraw-tx', title: `Find withdrawals with transaction ${q.slice(0, 12)}…`, path: `/withdrawls?${new URLSearchParams({ blockchain_txid: q })}` });
  }
  if (TID.test(q)) {
    const tid = q.toUpperCase();
    if (ctx.canOpen('/deposit')) out.push({ id: 'jump.deposit-tid', title: `Find deposits with TID ${tid}`, path: `/deposit?${new URLSearchParams({ tid })}` });
    if (ctx.canOpen('/withdrawls')) out.push({ id: 'jump.withdraw-tid', title: `Find withdrawals with TID ${tid}`, path: `/withdrawls?${new URLSearchParams({ tid })}` });
  }
  // A block explorer's link: its chain, or "Scan block N on <chain>" for a block's page.
  const link = /^https?:\/\/\S+$/.test(q) ? chainOfLink(q) : null;
  if (link && ctx.canOpen(`/blockchain/${link.chain.id}`)) {
    out.push(link.block !== undefined
      ? { id: 'jump.block', title: `Scan block ${link.block.toLocaleString('en-US')} on ${link.chain.name}`, path: `/blockchain/${link.chain.id}?call=scan-block&block_number=${link.block}` }
      : { id: 'jump.chain', title: `Open blockchain ${link.chain.name}`, path: `/blockchain/${link.chain.id}` });
  }
  // A Stripe / Banxa / Simplex reference: that purchase's page.
  out.push(...providerJumps(q, ctx));
  // "graph india": the service-log graph for a country.
  out.push(...graphJumps(q, ctx));
  return out;
}

/**
 * Opens the detail of a row known by id, finding its key with the list call filtered by id
 * (`?id=<id>&limit=1`); resolves to what went wrong, if anything.
 */
async function openRowDetail(ctx: CommandContext, lookup: RowLookup): Promise<readonly string[] | void> {
  if (lookup.resource === PROVIDER_LOOKUP) return openProviderTransaction(ctx, lookup.id);
  // Recent items outlive builds: a resource that no longer opens a detail this way offers nothing.
  const r = REGISTRY[lookup.resource];
  if (!r?.detail) return [`No ${lookup.resource} with ID ${lookup.id}`];
  try {
    const { rows } = await listRows(r, { id: lookup.id, limit: 1 });
    // Only the row with this id counts, should a service ignore the filter.
    const row = rows.find((x) => String(x.id) === lookup.id);
    const to = row && detailPath(r, row);
    if (!to) return [`No ${r.label} with ID ${lookup.id}`];
    ctx.navigate(to);
  } catch (err) {
    return normaliseError(err).messages;
  }
}

export { jumpsFor, openRowDetail };
