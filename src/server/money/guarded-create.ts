/**
 * The routes' side of a money create (`POST /admin/<things>/new`: fiat deposits, adjustments, wallet
 * transfers, bonuses, rewards, investments, NFE transactions), which all run one guarded shape: the
 * ability, the `Idempotency-Key` header (plugins/idempotency.ts), the body checked against its struct and
 * what only the database knows (the member by uid, the currency…) before any transaction, then the write
 * in one audited transaction (withAudit: the row, its posting and its activity commit together), its
 * refusals answered 422 with the field they are about, and the row read back, 201.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import type { AbilityAction, Subject } from '../../shared/abilities.js';
import { validateCreate } from '../../shared/resources/structs.js';
import type { Resource } from '../../shared/resources/define.js';
import { requireAbility } from '../auth/require-ability.js';
import { bodyOf, caller } from '../auth/users/guards.js';
import { withAudit } from '../plugins/audit.js';
import { idempotencyKey } from '../plugins/idempotency.js';
import { ApiError, fail } from '../plugins/errors.js';
import { memberByUid } from '../db/queries/activity-log.js';
import { getRow } from '../db/queries/resources.js';
import { toWire } from '../resources/wire.js';
import { fieldError } from './action-route.js';

/** What the write is given besides the checked body: who creates, under which key (if any), when. */
export interface CreateContext { creator: number; key: string | undefined; at: Date }

export interface GuardedCreate<V, Made extends { id: number }, Refusal extends string> {
  /** The ability the create needs (on Peatio's service). */
  ability: readonly [AbilityAction, Subject];
  /** The error prefix (`admin.bonus`) and the activity's topic (`bonuses`). */
  prefix: string;
  topic: string;
  /** The body checked before any transaction (throwing its 422): the value to write. */
  check: (db: Kysely<DB>, body: Record<string, unknown>) => Promise<V> | V;
  /** The member the activity is about (default: the request's uid). */
  target?: (v: V) => string;
  /** The activity's data (default: the request body). */
  auditData?: (v: V) => unknown;
  /** The write, in the audited transaction: the row made (or found under its key), or why not. */
  write: (trx: Transaction<DB>, v: V, c: CreateContext) => Promise<Made | Refusal>;
  /** A refusal's field, and its code when not `<prefix>.<refusal>`. */
  refusal?: (r: Refusal) => string | readonly [field: string, code: string];
  /** What the activity records of the row made (default: all `write` answered). */
  note?: (made: Made, v: V) => Record<string, unknown>;
  /** The row as the create answers it. */
  answer: (db: Kysely<DB>, id: number) => Promise<unknown>;
}

/** The body against the resource's create struct, or its 422. */
export function validated<V>(resource: Resource, body: Record<string, unknown>): V {
  const checked = validateCreate(resource, body);
  if (!checked.ok) throw new ApiError(422, checked.errors, checked.fields);
  return checked.value as V;
}

/** The answer of an engine resource's create: its row as the generic read answers it. */
export const wireRow = (resource: Resource) => async (db: Kysely<DB>, id: number): Promise<unknown> => toWire(resource, (await getRow(db, resource, id))!);

/** The member a create names by uid, or `<prefix>.member_doesnt_exist` on `uid`. */
export async function memberOf(db: Kysely<DB>, uid: string, prefix: string): Promise<{ id: number; uid: string }> {
  const member = await memberByUid(db, uid);
  if (!member) throw fieldError(prefix, 'uid', 'member_doesnt_exist');
  return member;
}

/** The check of a create naming a member by uid: the body against its struct, with the member found. */
export const withMember = <V extends { uid: string }>(resource: Resource, prefix: string) =>
  async (db: Kysely<DB>, body: Record<string, unknown>): Promise<V & { member: { id: number; uid: string } }> => {
    const v = validated<V>(resource, body);
    return { ...v, member: await memberOf(db, v.uid, prefix) };
  };

/** The route handler of one guarded create. */
export function guardedCreate<V, Made extends { id: number }, Refusal extends string = never>(
  app: FastifyInstance, spec: GuardedCreate<V, Made, Refusal>,
): (req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  const db = () => app.deps.db.kysely;
  return async (req, reply) => {
    await requireAbility(req, spec.ability[0], spec.ability[1], 'peatio');
    const key = idempotencyKey(req, spec.prefix);
    const v = await spec.check(db(), bodyOf(req));
    const creator = caller(req).id;
    const audit = { topic: spec.topic, action: 'create', targetUid: spec.target?.(v), data: spec.auditData?.(v) };
    const id = await withAudit(req, audit, async (trx, note) => {
      const made = await spec.write(trx, v, { creator, key, at: app.deps.now() });
      if (typeof made === 'string') {
        const where = spec.refusal?.(made);
        if (!where) fail(422, `${spec.prefix}.${made}`);
        const [field, code] = typeof where === 'string' ? [where, `${spec.prefix}.${made}`] : where;
        throw new ApiError(422, [code], { [field]: [code] });
      }
      note(spec.note ? spec.note(made, v) : made);
      return made.id;
    });
    return reply.status(201).send(await spec.answer(db(), id));
  };
}
