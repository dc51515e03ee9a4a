/** Every command of the console, one file per area; the palette, the `?` sheet and the key handler read this. */
import { appCommands } from './app';
import { bonusCommands } from './bonuses';
import { dashboardCommands } from './dashboard';
import { exchangeCommands } from './exchange';
import { listCommands } from './list';
import { kycCommands } from './kyc';
import { navigationCommands, type NavRoute } from './navigation';
import { resourceCommands } from './resources';
import { userCommands } from './users';
import { restrictionCommands } from './restrictions';
import { findToggles, toggleCommands, toggleTargets } from './toggles';
import { findOpens, openCommands, openTargets } from './open';
import { recordCommands } from './records';
import type { Command, CommandContext, Found } from './types';
import { session } from '../src/client/state/session';
import { userDetail } from '../src/client/state/user-detail';
import { exchangeCodes } from '../src/client/state/exchange-codes';
import { records } from '../src/client/state/records';
import { savedViews } from '../src/client/state/saved-views';
import { documentViewer } from '../src/client/state/document-viewer';
import { onScreen } from '../src/client/state/on-screen';

export type { Command, CommandContext, CommandPage, Found, ListActions, Shortcut } from './types';
export { argumentOf } from './types';
export { findToggles, FOUND_GROUP, toggleTargets } from './toggles';
export { findOpens, openTargets } from './open';

/** Whether typed text asks for rows by name: "open <name or code>" or a toggle by name. */
export const rowsWanted = (text: string): boolean => openTargets(text) !== null || toggleTargets(text) !== null;

/** The rows typed text asks for (opens first: "open …" is never a toggle); null when it asks for none. */
export function findRows(text: string, ctx: CommandContext): Promise<Found[]> | null {
  return findOpens(text, ctx) ?? findToggles(text, ctx);
}
export { jumpsFor, openRowDetail, type Jump, type RowLookup } from './jump';
export { viewCommands } from './views';
export { findUsersByName, usersWanted, USERS_FOUND_GROUP } from './user-search';

/**
 * The stores commands' `can` checks read besides the context (the user on screen, the signed-in
 * viewer): an open palette reads its commands again when one changes. Add a store here when a
 * command starts reading it.
 */
export const COMMAND_STORES: readonly object[] = [session, userDetail, exchangeCodes, records, savedViews, documentViewer, onScreen];

/** All commands for a routes table, before the ability filter. */
export function allCommands(routes: readonly NavRoute[]): Command[] {
  return [...navigationCommands(routes), ...resourceCommands(), ...userCommands, ...exchangeCommands, ...restrictionCommands, ...bonusCommands, ...toggleCommands(), ...openCommands(), ...listCommands, ...kycCommands, ...recordCommands, ...dashboardCommands, ...appCommands];
}

/** The commands the user may run right now: a command the user may not run is not offered. */
export function availableCommands(all: readonly Command[], ctx: CommandContext): Command[] {
  return all.filter((c) => !c.can || c.can(ctx));
}

/** Commands the user sees but may not run, with the missing ability (the palette shows them disabled). */
export function blockedCommands(all: readonly Command[], ctx: CommandContext): Array<{ command: Command; reason: string }> {
  return all.flatMap((c) => {
    if (!c.can || c.can(ctx) || !c.blocked) return [];
    const reason = c.blocked(ctx);
    return reason ? [{ command: c, reason }] : [];
  });
}
