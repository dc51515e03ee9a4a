/**
 * Every error leaves as `{"errors": [codes]}` (plus `fields` for form errors). Never a stack trace or
 * SQL text: unknown failures become 500 server.internal_error, logged with the request id.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { ErrorBody } from '../../shared/errors.js';

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
  FST_ERR_ASYNC_CONSTRAINT: [400, 'server.method.invalid_message_body'],
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    if (err instanceof ApiError) {
      const body: ErrorBody = { errors: err.codes };
      if (err.fields) body.fields = err.fields;
      return reply.status(err.status).send(body);
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ errors: [known[1]] });
    if (err instanceof SyntaxError || (typeof err.statusCode === 'number' && err.statusCode === 400)) {
      return reply.status(400).send({ errors: ['server.method.invalid_message_body'] });
    }
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send({ errors: ['server.method.invalid_message_body'] });
    }
    req.log.error({ err, reqId: req.id }, 'unhandled error');
    return reply.status(500).send({ errors: ['server.internal_error'] });
  });
}

/** The JSON 404 for anything no route matched (the SPA fallback in static.ts wraps it). */
export function notFound(reply: FastifyReply): FastifyReply {
  return reply.status(404).send({ errors: ['route.not_found'] });
}
