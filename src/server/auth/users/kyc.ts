/**
 * Labels → level and state (openware-api.md §5.4). Any change of a private label recomputes both:
 * - level: the highest level whose key:value, and every lower level's, is among the private labels;
 * - state: a trigger label (ban/fraud → banned, delete → deleted, suspicious/lock → locked) wins;
 *   otherwise active when email is verified, else pending.
 *
 * Departure from Barong, on purpose: Barong overwrites any state on every private-label change, which
 * silently lifts a ban staff set through the state-change dialog the next time someone verifies a phone.
 * Here the label-derived state only moves a user between pending and active. A state outside that pair
 * (banned, inactive, deleted, locked) stays unless a trigger label now demands a state, or the trigger
 * label that put the user in that state was just removed (then the user returns to pending/active).
 */
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { levels as levelRows, privateLabels } from '../../db/queries/labels.js';
import { insertStateLog, patchUser, type AdminUserRow } from '../../db/queries/users-admin.js';

export interface Lbl { key: string; value: string }
export interface Level { id: number; key: string; value: string }

/** Barong's seeded levels, used when the levels table is empty (a fresh database without demo data). */
export const DEFAULT_LEVELS: readonly Level[] = [
  { id: 1, key: 'email', value: 'verified' },
  { id: 2, key: 'phone', value: 'verified' },
  { id: 3, key: 'document', value: 'verified' },
];

/** Barong config/barong.yml state_triggers, in its order of precedence. */
const STATE_TRIGGERS: readonly [string, readonly string[]][] = [
  ['banned', ['ban', 'fraud']],
  ['deleted', ['delete']],
  ['locked', ['suspicious', 'lock']],
];

export function levelFor(labels: readonly Lbl[], levels: readonly Level[]): number {
  const have = new Set(labels.map((l) => `${l.key}:${l.value}`));
  let level = 0;
  for (const l of [...levels].sort((a, b) => a.id - b.id)) {
    if (!have.has(`${l.key}:${l.value}`)) break;
    level = l.id;
  }
  return level;
}

export function triggerState(labels: readonly Lbl[]): string | undefined {
  const keys = new Set(labels.map((l) => l.key));
  return STATE_TRIGGERS.find(([, ks]) => ks.some((k) => keys.has(k)))?.[0];
}

/** The state after a private-label change from `before` to `after` labels (rule in the header). */
export function nextState(current: string, before: readonly Lbl[], after: readonly Lbl[]): string {
  const demanded = triggerState(after);
  if (demanded) return demanded;
  const derived = after.some((l) => l.key === 'email' && l.value === 'verified') ? 'active' : 'pending';
  if (current === 'active' || current === 'pending') return derived;
  return triggerState(before) === current ? derived : current;
}

export type LabelChange = { op: 'set'; key: string; value: string } | { op: 'remove'; key: string };

export interface Standing { level: number; state: string }

/** Level and state a user has after a change of private labels from `before` to `after`. */
export function planStanding(user: Pick<AdminUserRow, 'state'>, before: readonly Lbl[], after: readonly Lbl[], lv: readonly Level[]): Standing {
  return { level: levelFor(after, lv), state: nextState(user.state, before, after) };
}

export async function currentLevels(db: Kysely<DB>): Promise<readonly Level[]> {
  const rows = await levelRows(db);
  return rows.length ? rows : DEFAULT_LEVELS;
}

/**
 * Inside the write's transaction, after a private label changed: stores the new level and state, and
 * logs a state change made by the label (remark names it) so the state log explains every transition.
 */
export async function applyStanding(
  trx: Kysely<DB>, user: AdminUserRow, before: readonly Lbl[], byId: number, remark: string, now: Date,
): Promise<Standing> {
  const after = await privateLabels(trx, user.id);
  const next = planStanding(user, before, after, await currentLevels(trx));
  if (next.level !== user.level || next.state !== user.state) {
    await patchUser(trx, user.id, next, now);
  }
  if (next.state !== user.state) {
    await insertStateLog(trx, { userId: user.id, pastState: user.state, state: next.state, remark, by: byId, now });
  }
  return next;
}
