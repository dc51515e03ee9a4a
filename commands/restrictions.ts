/**
 * Restrictions from the palette (issue 14 item 11): "Block IP…" blacklists one address (the server
 * refuses a rule that would lock out the writer; the palette never overrules that — the Restrictions
 * screen asks and can), "Maintenance on" / "Maintenance off" close and reopen the platform for everyone
 * but staff. Each says who it shuts out before it runs. Offered to roles that manage restrictions.
 */
import { isIP } from './ip';
import { restrictions } from '../src/shared/resources/restrictions';
import { createRow, listRows, updateRow } from '../src/client/api/resources';
import { normaliseError } from '../src/client/api';
import { notifySuccess } from '../src/client/state/toasts';
import { reasonFor } from '../src/client/access';
import type { Command, CommandContext } from './types';

const can = (ctx: CommandContext) => ctx.ability.can('create', 'Restriction') && ctx.canOpen('/restrictions');
const blocked = (ctx: CommandContext) => (ctx.canOpen('/restrictions') ? reasonFor('create', 'Restriction') : undefined);

export function ipProblems(text: string): string[] {
  return isIP(text.trim()) ? [] : ['Type an IPv4 or IPv6 address, e.g. 203.0.113.7'];
}

/** The maintenance rules for everyone, enabled or not. */
async function maintenanceRules() {
  const { rows } = await listRows(restrictions, { category: 'maintenance', scope: 'all', limit: 100 });
  return rows.filter((r) => r.category === 'maintenance' && r.scope === 'all');
}

async function setMaintenance(on: boolean): Promise<readonly string[] | void> {
  try {
    const rows = await maintenanceRules();
    const want = on ? 'enabled' : 'disabled';
    const change = rows.filter((r) => r.state !== want);
    if (on && rows.length === 0) await createRow(restrictions, { category: 'maintenance', scope: 'all', value: 'all', state: 'enabled' });
    else if (on && !rows.some((r) => r.state === 'enabled')) await updateRow(restrictions, Number(change[0]!.id), { state: 'enabled' });
    else if (!on) for (const r of change) await updateRow(restrictions, Number(r.id), { state: 'disabled' });
    notifySuccess(on ? 'Maintenance on: only staff can use the platform' : 'Maintenance off: the platform is open again');
  } catch (err) {
    return normaliseError(err).messages;
  }
}

/** "Maintenance on" / "Maintenance off": each says who is shut out before it runs. */
function maintenanceCommand(on: boolean): Command {
  const title = on ? 'Maintenance on' : 'Maintenance off';
  return {
    id: `restrictions.maintenance-${on ? 'on' : 'off'}`,
    title,
    group: 'Settings',
    keywords: ['restriction', 'maintenance', ...(on ? ['close', 'downtime'] : ['open', 'reopen'])],
    page: {
      kind: 'confirm', confirmLabel: title,
      question: on
        ? 'Close the platform? Everyone but staff (the console\'s roles) is refused until maintenance is off.'
        : 'Open the platform again to everyone? Blacklists and other rules still apply.',
    },
    can, blocked,
    run: () => setMaintenance(on),
  };
}

export const restrictionCommands: Command[] = [
  {
    id: 'restrictions.block-ip',
    title: 'Block IP…',
    group: 'Settings',
    keywords: ['restriction', 'blacklist', 'ban', 'ip', 'address', 'block'],
    page: {
      kind: 'input', placeholder: 'An address, e.g. 203.0.113.7',
      action: 'Block it: every call from this address is refused (blacklist)', validate: ipProblems,
    },
    can, blocked,
    run: async (_ctx, arg = '') => {
      const problems = ipProblems(arg);
      if (problems.length) return problems;
      try {
        await createRow(restrictions, { category: 'blacklist', scope: 'ip', value: arg.trim(), state: 'enabled' });
        notifySuccess('Restrictions Successfully Added');
      } catch (err) {
        return normaliseError(err).messages;
      }
    },
  },
  maintenanceCommand(true),
  maintenanceCommand(false),
];
