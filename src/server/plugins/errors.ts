/**
 * Every error leaves as `{"errors": [codes]}` (plus `fields` for form errors). Never a stack trace or
 * SQL text: the database's own failures have codes of their own (DATABASE_ANSWERS), other unknown
 * failures are 500 server.internal_error; all but a busy refusal are logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';
import { databaseFailure, type DatabaseFailure } from '../db/index.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly codes: string[],
    readonly fields?: Record<string, string[]>,
  ) {
    super(codes.join(', '));
  }
}

/** Throw one code with its status: `fail(404, 'admin.user.doesnt_exist')`. */
export function fail(status: number, ...codes: string[]): never {
  throw new ApiError(status, codes);
}

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'server.method.invalid_message_body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'server.method.invalid_message_body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'server.payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'server.unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'server.method.invalid_message_body'],
  FST_ERR_BAD_URL: [400, 'server.method.invalid_message_body'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'server.request.uri_too_long'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'server.method.invalid_message_body'],
};

/** The answer to an error; `logged` for failures of ours rather than the request's. */
export interface Answer { status: number; body: ErrorBody; logged?: string; retryAfter?: number }

/** How each database failure (db/limits.ts) is answered. */
const DATABASE_ANSWERS: Record<DatabaseFailure, Answer> = {
  unavailable: { status: 503, body: { errors: ['server.database_unavailable'] }, logged: 'database unavailable' },
  timeout: { status: 503, body: { errors: ['server.database_timeout'] }, logged: 'database timed out' },
  // The COMMIT went out and no answer came back: the write may have happened, so nothing says it failed.
  outcome_unknown: { status: 503, body: { errors: ['server.database_outcome_unknown'] }, logged: 'database did not answer a COMMIT: outcome unknown' },
  // The expected answer to a flood, refused before any work: not worth a log line each.
  busy: { status: 503, body: { errors: ['server.busy'] }, retryAfter: 1 },
  full: { status: 507, body: { errors: ['server.storage_full'] }, logged: 'database storage full' },
};

/** The status and body an error is answered with. */
export function answerFor(err: unknown): Answer {
  if (err instanceof ApiError) {
    const body: ErrorBody = { errors: err.codes };
    if (err.fields) body.fields = err.fields;
    return { status: err.status, body };
  }
  const { code, statusCode } = (err ?? {}) as Partial<FastifyError>;
  const known = code ? FASTIFY_CODES[code] : undefined;
  if (known) return { status: known[0], body: { errors: [known[1]] } };
  if (err instanceof SyntaxError || statusCode === 400) return { status: 400, body: { errors: ['server.method.invalid_message_body'] } };
  if (typeof statusCode === 'number' && statusCode > 400 && statusCode < 500) {
    return { status: statusCode, body: { errors: ['server.method.invalid_message_body'] } };
  }
  const failure = databaseFailure(err);
  if (failure) return DATABASE_ANSWERS[failure];
  // numeric_value_out_of_range: every amount is checked against its column before the write, but a sum
  // can still pass it (two credits of 10^18 - 1 to one balance, a running total). The statement failed,
  // so its transaction wrote nothing; the request asked for more than the books can hold.
  if ((err as { code?: unknown }).code === '22003') return { status: 422, body: { errors: ['server.value_out_of_range'] }, logged: 'value out of range' };
  return { status: 500, body: { errors: ['server.internal_error'] }, logged: 'unhandled error' };
}

/**
 * Fastify's `frameworkErrors` option: errors the router meets before any route (a path that is not
 * valid percent-encoding, a parameter past maxParamLength) answered like every other error. Without it
 * Fastify writes its own body, which echoes the path back.
 */
export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const { status, body } = answerFor(err);
  reply.status(status).send(body);
}

/** The answer to a database failure after the request's write committed (FastifyRequest.committed). */
const SAVED_WITHOUT_ANSWER: Answer = { status: 503, body: { errors: ['server.saved_without_answer'] }, logged: 'database failed after the write committed' };

/** Logs an error's answer when it is ours, sets its status and Retry-After, and returns its body. */
export function answerError(err: unknown, req: FastifyRequest, reply: FastifyReply): ErrorBody {
  const failed = databaseFailure(err) !== null;
  if (failed) req.databaseFailed = true;
  const { status, body, logged, retryAfter } = req.committed && failed ? SAVED_WITHOUT_ANSWER : answerFor(err);
  if (logged) req.log.error({ err, reqId: req.id }, logged);
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  reply.status(status);
  return body;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => reply.send(answerError(err, req, reply)));
}

/** The JSON 404 for anything no route matched (the SPA fallback in static.ts wraps it). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ errors: ['route.not_found'] });
}
