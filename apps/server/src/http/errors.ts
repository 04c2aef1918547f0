import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import {
  defaultErrorCode,
  describeZodError,
  fieldErrorsOf,
  type ErrorCode,
  type ErrorResponse,
  type FieldError,
} from '@bazaar/shared';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's validation failures list every invalid field (`fields`), not only the first one's sentence. */
    fieldErrors?: boolean;
  }
}

/** An error whose message is safe and useful to show the caller; `code` tells programs why (see ERROR_CODES). */
export class HttpError extends Error {
  public readonly code: ErrorCode;

  constructor(
    public readonly statusCode: number,
    message: string,
    code?: ErrorCode,
    /** The invalid fields, for forms that mark each one (see `fieldErrors` in a route's config). */
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

export const badRequest = (message: string, code?: ErrorCode) => new HttpError(400, message, code);
export const unauthorized = (message = 'Please login first', code?: ErrorCode) =>
  new HttpError(401, message, code);
export const forbidden = (message = 'You are not allowed to do that', code?: ErrorCode) =>
  new HttpError(403, message, code);
export const notFound = (message = 'Not found', code?: ErrorCode) => new HttpError(404, message, code);
export const conflict = (message: string, code?: ErrorCode) => new HttpError(409, message, code);
/** A 400 naming the invalid fields; the first one's sentence is the `error`. */
export const invalidFields = (fields: FieldError[]) =>
  new HttpError(400, fields[0]?.message ?? 'Invalid request', 'VALIDATION_FAILED', fields);

/** Fastify's own refusals (body parsing, content types, sizes) with the code a client can act on. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
};

const failure = (error: string, code: ErrorCode): ErrorResponse => ({ error, code });

/**
 * Every failure leaves as `{ error, code }`: a clear message for 4xx, a generic one for 5xx (details go to the
 * log). Input that does not match a route's declared schema is a 400 naming the field (`VALIDATION_FAILED`).
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof HttpError)
      return reply
        .status(error.statusCode)
        .send({ ...failure(error.message, error.code), ...(error.fields && { fields: error.fields }) });
    if (error instanceof ZodError)
      return reply.status(400).send({
        ...failure(describeZodError(error), 'VALIDATION_FAILED'),
        ...(request.routeOptions.config.fieldErrors && { fields: fieldErrorsOf(error) }),
      });
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const fastifyCode = (error as FastifyError).code;
      const message = fastifyCode === 'FST_ERR_CTP_INVALID_JSON' ? 'Malformed JSON body' : error.message;
      return reply
        .status(status)
        .send(failure(message, FASTIFY_CODES[fastifyCode] ?? defaultErrorCode(status)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send(failure('Something went wrong on our side. Please try again.', 'INTERNAL_ERROR'));
  });
}
