/**
 * The routes' side of a staff action on a money row (`POST /admin/<things>/action[s] {id, action}`): the
 * id checked, the action run in one audited transaction (withAudit: the change and its activity commit
 * together), and its refusals answered with the endpoint's own codes — an unknown row 404
 * `<prefix>.doesnt_exist`, any other refusal 422 `<prefix>.<refusal>` unless the endpoint names another.
 */
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { idStruct } from '../../shared/resources/field-structs.js';
import { withAudit, type AuditNote } from '../plugins/audit.js';
import { ApiError, fail } from '../plugins/errors.js';
import { LedgerRefusal } from '../ledger/post.js';

const ID = idStruct();

/** A form error: 422 with the code, also under the field it is about. */
export const fieldError = (prefix: string, field: string, c: string): ApiError => new ApiError(422, [`${prefix}.${c}`], { [field]: [`${prefix}.${c}`] });

/** A row id from the body or the path: `<prefix>.missing_id` without one, `<prefix>.invalid_id` for anything but a positive integer. */
export function idOf(raw: unknown, prefix: string): number {
  const [err, id] = ID.validate(raw, { coerce: true });
  if (err) throw fieldError(prefix, 'id', raw === undefined ? 'missing_id' : 'invalid_id');
  return id;
}

export interface AuditedAction<Out> {
  /** The activity's topic and action, and its data (the request's: the id and action, and what else it sent). */
  topic: string;
  action: string;
  data: Record<string, unknown>;
  /** The endpoint's error prefix (`admin.deposit`). */
  prefix: string;
  /** The action, in the audited transaction: what it did, or why not (a string). */
  run: (trx: Transaction<DB>, note: AuditNote) => Promise<Out>;
  /** Refusals answered otherwise than 422 `<prefix>.<refusal>`: another code, or a whole error (a field's). */
  codes?: Partial<Record<Extract<Out, string>, string | ApiError>>;
  /** What the activity records of the outcome (the state it went to…). */
  note?: (done: Exclude<Out, string>) => Record<string, unknown>;
  /** The code of a posting the ledger refuses (a member's balance too short); none: it is not the request's fault (500). */
  ledgerRefusal?: string;
}

/** Runs one action audited, answering its refusals; returns what it did. */
export function auditedAction<Out extends object | string>(req: FastifyRequest, a: AuditedAction<Out>): Promise<Exclude<Out, string>> {
  return withAudit(req, { topic: a.topic, action: a.action, data: a.data }, async (trx, note) => {
    const done = await a.run(trx, note).catch((e: unknown) => {
      if (a.ledgerRefusal && e instanceof LedgerRefusal) fail(422, a.ledgerRefusal);
      throw e;
    });
    if (done === 'not_found') fail(404, `${a.prefix}.doesnt_exist`);
    if (typeof done === 'string') {
      const answer = a.codes?.[done as Extract<Out, string>];
      if (answer instanceof ApiError) throw answer;
      fail(422, answer ?? `${a.prefix}.${done}`);
    }
    const made = done as Exclude<Out, string>;
    if (a.note) note(a.note(made));
    return made;
  });
}
