/**
 * Issue 16 item 6: paste a provider's reference — a Stripe payment intent (`pi_…`), a Simplex payment id
 * (a UUID), a Banxa order id (32 hex), or the demo's `smx_…` / `bnx_…` — and jump to that transaction's
 * page. The server finds the reference across the three providers (GET /admin/provider_transactions/find);
 * the jump is a row lookup of PROVIDER_LOOKUP, so Recent replays it by looking it up again.
 */
import { banxaTransactions, simplexTransactions, stripeTransactions, type Provider } from '../src/shared/resources/provider-transactions';
import type { Resource } from '../src/shared/resources';
import { normaliseError, request } from '../src/client/api';
import { listPath, rowPath } from '../src/client/resource-ui/presentation';
import type { CommandContext } from './types';
import type { Jump } from './jump';

/** The lookup resource name of a jump by provider reference (not a registry resource: the three lists'). */
export const PROVIDER_LOOKUP = 'provider-transactions';

const LISTS: Record<Provider, Resource> = { simplex: simplexTransactions, banxa: banxaTransactions, stripe: stripeTransactions };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^(pi|smx|bnx)_[A-Za-z0-9_]{3,120}$|^[0-9a-f]{32}$/i;

/** "Open provider transaction <ref>" when the text looks like a provider's reference and a provider list may be opened. */
export function providerJumps(q: string, ctx: CommandContext): Jump[] {
  if (!UUID.test(q) && !REFERENCE.test(q)) return [];
  const list = Object.values(LISTS).find((r) => ctx.canOpen(listPath(r)));
  return list ? [{ id: 'jump.provider-tx', title: `Open provider transaction ${q}`, path: listPath(list), lookup: { resource: PROVIDER_LOOKUP, id: q } }] : [];
}

interface Match { provider: Provider; id: number }

/** Looks the reference up and opens its transaction's page; resolves to what went wrong, if anything. */
export async function openProviderTransaction(ctx: CommandContext, reference: string): Promise<readonly string[] | void> {
  try {
    const found = await request<Match[]>('applogic', 'GET', '/admin/provider_transactions/find', { query: { reference } });
    const to = found.map((m) => (LISTS[m.provider] ? rowPath(LISTS[m.provider], m.id) : '')).find((p) => p && ctx.canOpen(p));
    if (!to) return [`No Simplex, Banxa or Stripe transaction with reference ${reference}`];
    ctx.navigate(to);
  } catch (err) {
    return normaliseError(err).messages;
  }
}
