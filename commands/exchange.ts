/**
 * The exchange configuration's palette commands (issue 11): "Scan block N on <chain>…" takes
 * `812345 bitcoin` (or `812345 on bitcoin`), finds the chain by key and opens its page with the scan
 * dialog filled in, where Scan confirms. Offered to roles that may update blockchains.
 */
import { blockchains } from '../src/shared/resources/blockchains';
import { listRows } from '../src/client/api/resources';
import { normaliseError } from '../src/client/api';
import type { Command } from './types';
import { reasonFor } from '../src/client/access';

const SCAN = /^(\d{1,16})\s+(?:on\s+)?([a-z0-9][a-z0-9_.-]*)$/i;

export function scanProblems(text: string): string[] {
  const m = SCAN.exec(text.trim());
  if (!m) return ['Type the block number and the chain key, e.g. 812345 bitcoin'];
  return Number(m[1]) >= 1 ? [] : ['The block number starts at 1'];
}

export const exchangeCommands: Command[] = [
  {
    id: 'blockchains.scan',
    title: 'Scan block N on <chain>…',
    group: 'Exchange',
    keywords: ['scan', 'block', 'blockchain', 'deposit', 'process'],
    page: {
      kind: 'input', placeholder: 'Block number and chain, e.g. 812345 bitcoin (on a chain\'s page, the number alone)', action: 'Scan block', validate: scanProblems,
      // On a blockchain's page a block number alone is a block of that chain.
      takes: { type: 'blockchains', fill: (text, chain) => (/^\d+$/.test(text) ? `${text} ${String(chain.row.key)}` : text) },
    },
    can: (ctx) => ctx.ability.can('update', 'Blockchain') && ctx.canOpen('/blockchain/1'),
    blocked: (ctx) => (ctx.canOpen('/blockchain') ? reasonFor('update', 'Blockchain') : undefined),
    run: async (ctx, arg = '') => {
      const m = SCAN.exec(arg.trim());
      if (!m) return scanProblems(arg);
      const key = m[2]!.toLowerCase();
      try {
        const { rows } = await listRows(blockchains, { key, limit: 100 });
        const chain = rows.find((r) => r.key === key);
        if (!chain) return [`No blockchain with key ${key}`];
        ctx.navigate(`/blockchain/${String(chain.id)}?${new URLSearchParams({ call: 'scan-block', block_number: m[1]! })}`);
      } catch (err) {
        return normaliseError(err).messages;
      }
    },
  },
];
