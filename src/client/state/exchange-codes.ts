/**
 * The exchange's currency codes, for the palette's paste-and-go: typing `btc` offers "Open currency BTC"
 * only when btc is a currency, so an ordinary word (`ban`, `log`) is never taken for a code. Read once
 * per signed-in user, when the palette first opens, and only by roles that may read currencies.
 */
import { proxy } from 'valtio';
import type { AppAbility } from '../../shared/abilities';
import { currencies } from '../../shared/resources/currencies';
import { blockchains } from '../../shared/resources/blockchains';
import { listRows } from '../api/resources';

/** A blockchain as the palette needs it: its explorer's URL templates say which pasted links are its. */
export interface ChainLink { id: number; key: string; name: string; explorers: string[] }

export const exchangeCodes = proxy<{ owner: string | null; currencies: string[]; chains: ChainLink[] }>({ owner: null, currencies: [], chains: [] });

export function loadExchangeCodes(ability: AppAbility, owner: string): void {
  if (exchangeCodes.owner === owner) return;
  exchangeCodes.owner = owner;
  exchangeCodes.currencies = [];
  exchangeCodes.chains = [];
  const mine = () => exchangeCodes.owner === owner;
  if (ability.can('read', 'Currency')) {
    listRows(currencies, { page: 1, limit: 100, ordering: 'asc', order_by: 'position' })
      .then((res) => { if (mine()) exchangeCodes.currencies = res.rows.map((r) => String(r.code)); })
      .catch(() => undefined);
  }
  if (ability.can('read', 'Blockchain')) {
    listRows(blockchains, { page: 1, limit: 100 })
      .then((res) => {
        if (!mine()) return;
        exchangeCodes.chains = res.rows.map((r) => ({
          id: Number(r.id), key: String(r.key), name: String(r.name),
          explorers: [r.explorer_address, r.explorer_transaction].filter((x): x is string => typeof x === 'string' && /^https?:\/\//.test(x)),
        }));
      })
      .catch(() => undefined);
  }
}

/** The chain a pasted explorer link belongs to (same site as one of its templates), and the block it names. */
export function chainOfLink(url: string): { chain: ChainLink; block?: number } | null {
  let u: URL;
  try { u = new URL(url); } catch { return null; }
  for (const chain of exchangeCodes.chains) {
    const same = chain.explorers.some((t) => { try { return new URL(t.replace(/#\{[^}]*\}/g, 'x')).host === u.host; } catch { return false; } });
    if (!same) continue;
    const block = /\/block(?:-height)?\/(\d{1,16})\/?$/.exec(u.pathname);
    return { chain, ...(block ? { block: Number(block[1]) } : {}) };
  }
  return null;
}
