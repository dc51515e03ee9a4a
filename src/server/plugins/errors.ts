/**
 * Every error leaves as `{"errors": [codes]}` (plus `fields` for form errors). Never a stack trace or
 * SQL text: a database that cannot be reached is 503 server.database_unavailable, other unknown failures
 * 500 server.internal_error; both are logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';
import { isDatabaseUnavailable } from '../db/index.js';

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

/** The status and body an error is answered with; `logged` for failures of ours rather than the request's. */
export function answerFor(err: unknown): { status: number; body: ErrorBody; logged?: string } {
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
  if (isDatabaseUnavailable(err)) return { status: 503, body: { errors: ['server.database_unavailable'] }, logged: 'database unavailable' };
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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const { status, body, logged } = answerFor(err);
    if (logged) req.log.error({ err, reqId: req.id }, logged);
    return reply.status(status).send(body);
  });
}

/** The JSON 404 for anything no route matched (the SPA fallback in static.ts wraps it). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ errors: ['route.not_found'] });
}
