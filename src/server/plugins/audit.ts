/**
 * Admin audit trail. Every admin write runs through withAudit: the write and its 'succeed' activity
 * commit together or not at all, and a failed write still leaves a 'failed' activity behind.
 *
 * PGlite is a single connection: inside `fn` use only the `trx` handed in, never app.deps.db.kysely,
 * or the second query waits for the transaction that is waiting for it.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';
import { insertActivity, userIdByUid, type NewActivity } from '../db/queries/activities.js';
import { actionForMethod, type ActivityResult } from '../../shared/activities.js';
import { databaseFailure } from '../db/index.js';
import { answerFor } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** True once an admin activity was written for this request, so the AUDIT-row hook does not log it twice. */
    audited: boolean;
    /**
     * True once a write of this request committed: a database failure after it (reading back what the
     * answer shows) is answered server.saved_without_answer, never as if the write had not happened.
     */
    committed: boolean;
    /** True once the request was answered for a failure of the database (errors.ts answerError). */
    databaseFailed: boolean;
  }
}

/** Keys whose values never reach the log: the audit trail must not become a credential store. */
const SECRET_KEY = /pass(word)?|otp_code|secret|token|captcha/i;

/** The request payload as it is logged: plain JSON with secrets masked. */
export function auditData(value: unknown, depth = 0): unknown {
  // A URL's password (a blockchain node's `http://user:pass@host`) never reaches the log.
  if (typeof value === 'string') return value.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/:@\s]*):[^/@\s]*@/i, '$1:[FILTERED]@');
  if (value === null || typeof value !== 'object') return value;
  if (depth > 8) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => auditData(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) ? '[FILTERED]' : auditData(v, depth + 1);
  }
  return out;
}

/**
 * Whether an unvalidated request value could be a uid at all. It is looked up in the users table, and
 * PostgreSQL refuses text with a NUL byte outright, so junk must stop here rather than fail the write.
 */
function isUidLike(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0 && v.length <= 64 && !v.includes('\u0000');
}

/** The uid a request is about: `uid`, `user_uid` or an adjustment's `receiving_member_uid` in the body, else in the query. */
export function requestTargetUid(req: FastifyRequest): string | undefined {
  for (const src of [req.body, req.query]) {
    if (src && typeof src === 'object') {
      const s = src as Record<string, unknown>;
      for (const k of ['uid', 'user_uid', 'receiving_member_uid']) if (isUidLike(s[k])) return s[k];
    }
  }
  return undefined;
}

/** The activity fields that come from the request itself. */
function requestFields(req: FastifyRequest): Pick<NewActivity, 'category' | 'userId' | 'userIp' | 'userAgent'> {
  const ua = req.headers['user-agent'];
  return {
    category: 'admin',
    userId: req.auth?.user.id ?? null,
    userIp: req.ip ?? null,
    userAgent: typeof ua === 'string' ? ua : null,
  };
}

/** Writes one admin activity for this request (used by authz for denials and AUDIT rows). */
export async function recordAdminActivity(
  db: Kysely<DB>,
  req: FastifyRequest,
  a: { topic: string; action?: string; result: ActivityResult; targetUid?: string; data?: unknown; category?: 'admin' | 'user'; actor?: Actor },
): Promise<void> {
  const targetId = a.targetUid ? await userIdByUid(db, a.targetUid) : null;
  await insertActivity(db, {
    ...requestFields(req),
    ...(a.category ? { category: a.category } : {}),
    ...(a.actor ? { category: 'user' as const, userId: a.actor.userId } : {}),
    targetId,
    topic: a.topic,
    action: a.action ?? actionForMethod(req.method),
    result: a.result,
    data: a.data,
  });
}

/**
 * Who a customer's user activity is by when the request carries no session to say it (`category: 'user'`
 * takes the signed-in user): a user the request has just proven (a confirmed token) or made (a sign-up,
 * known only from the write's result). Implies category 'user'; such an activity names no target.
 */
export interface Actor { userId: number | null }

export interface AuditOptions<T> {
  topic: string;
  /** For an anonymous customer call that proves or makes its user (see Actor); else use `category`. */
  actor?: Actor | ((result: NoInfer<T>) => Actor);
  /** Defaults to the action of the HTTP method (POST create, PUT update, DELETE delete). */
  action?: string;
  /** The user the write is about; a function sees the write's result (e.g. a user just created). */
  targetUid?: string | ((result: T) => string | undefined);
  /** Defaults to the request body (secrets masked). */
  data?: unknown;
  /** `user` for a customer's write on its own account (the member APIs): Barong's user activity, same guarantees. */
  category?: 'admin' | 'user';
}

/**
 * Adds values to the activity's data from inside the write's transaction. A change's "before" must be
 * read there, after the row lock: read before it, a concurrent write can slip in between, and the audit
 * then records a past value the write never replaced (13 of 16 concurrent role changes did).
 */
export type AuditNote = (values: Record<string, unknown>) => void;

/** The request's data plus what the write noted (a non-object payload goes under `payload`). */
function withNoted(data: unknown, noted: Record<string, unknown>): unknown {
  if (Object.keys(noted).length === 0) return data;
  const base = data && typeof data === 'object' && !Array.isArray(data) ? data : { payload: data };
  return { ...base, ...noted };
}

/**
 * Runs `fn` in one transaction and records the admin activity in that same transaction: a write whose
 * activity cannot be written does not happen (the request fails, 503, 507 or 500). If `fn` throws,
 * nothing it wrote survives, a 'failed' activity (with what `fn` noted before throwing) is written on
 * its own, and the error is rethrown for the error handler. When that row cannot be written either, the
 * activity is logged at error level with the request id and the answer is the audit's failure (a refusal
 * that cannot be recorded is not served either). Two exceptions, both when the database itself failed
 * the write: its COMMIT went unanswered (the write may have committed with its 'succeed' row, so no
 * 'failed' row may contradict it: logged instead), or it is unreachable, timed out, busy or full (the
 * row is still tried, but the answer does not wait for it: a stalled database would hold the client for
 * a second timeout).
 */
export async function withAudit<T>(
  req: FastifyRequest,
  opts: AuditOptions<T>,
  fn: (trx: Transaction<DB>, note: AuditNote) => Promise<T>,
): Promise<T> {
  const db = req.server.deps.db.kysely;
  req.audited = true;
  const data = opts.data !== undefined ? auditData(opts.data) : auditData(req.body ?? null);
  // A customer's write is about themselves: nothing in the body names a target.
  const own = opts.actor !== undefined || opts.category === 'user';
  const staticUid = own ? undefined : typeof opts.targetUid === 'string' ? opts.targetUid : requestTargetUid(req);
  const actorOf = (result?: T): Actor | undefined => (typeof opts.actor === 'function'
    ? (result === undefined ? { userId: null } : opts.actor(result)) : opts.actor);
  let noted: Record<string, unknown> = {};
  try {
    const result = await db.transaction().execute(async (trx) => {
      const result = await fn(trx, (values) => { noted = { ...noted, ...(auditData(values) as Record<string, unknown>) }; });
      const uid = typeof opts.targetUid === 'function' ? opts.targetUid(result) : staticUid;
      await recordAdminActivity(trx, req, {
        topic: opts.topic, action: opts.action, result: 'succeed', targetUid: uid, data: withNoted(data, noted),
        category: opts.category, actor: actorOf(result),
      });
      return result;
    });
    req.committed = true;
    return result;
  } catch (err) {
    const failure = databaseFailure(err);
    const activity = {
      topic: opts.topic, action: opts.action, result: 'failed' as const, targetUid: staticUid, category: opts.category,
      data: withNoted(data, { ...noted, errors: answerFor(err).body.errors }), actor: actorOf(),
    };
    if (failure === 'outcome_unknown') {
      req.log.error({ reqId: req.id, activity }, 'write outcome unknown (COMMIT unanswered): no failed activity written');
      throw err;
    }
    const written = recordAdminActivity(db, req, activity);
    const unrecorded = (logErr: unknown) => req.log.error({ err: logErr, reqId: req.id, activity }, 'failed to record failed admin activity');
    if (failure) {
      written.catch(unrecorded);
      throw err;
    }
    try {
      await written;
    } catch (logErr) {
      unrecorded(logErr);
      throw logErr;
    }
    throw err;
  }
}
