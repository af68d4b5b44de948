import { ERROR_CODES, type ErrorBody } from '@nexus/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  isDatabaseUnavailable,
  PG_CHECK_VIOLATION,
  PG_FOREIGN_KEY_VIOLATION,
  PG_NOT_NULL_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgErrorOf,
} from '../db/errors';
import { AppError, codeForStatus } from './app-error';

const GENERIC_500 = 'Something went wrong. Please try again.';

interface Mapped {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

/** Exhaustive mapping of what a handler can throw to the `{ message, code, details }` shape. */
export function mapError(error: unknown): Mapped | undefined {
  if (error instanceof AppError) {
    const body: ErrorBody = { message: error.message, code: error.code };
    if (error.details !== undefined) body.details = error.details;
    return { status: error.status, body, headers: error.headers };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const where = (error as FastifyError).validationContext ?? 'request';
    const details = error.validation.map((issue) => ({
      in: where,
      path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message,
    }));
    const named = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
    return {
      status: 400,
      body: { message: `Invalid ${where}: ${named}`, code: ERROR_CODES.badRequest, details },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      body: {
        message: 'The database is not available. Please try again shortly.',
        code: ERROR_CODES.unavailable,
      },
    };
  }
  const pgError = pgErrorOf(error);
  if (pgError?.code) {
    if (pgError.code === PG_UNIQUE_VIOLATION) {
      return {
        status: 409,
        body: { message: 'A record with these values already exists.', code: ERROR_CODES.conflict },
      };
    }
    if (pgError.code === PG_FOREIGN_KEY_VIOLATION) {
      return {
        status: 400,
        body: { message: 'A value refers to a record that does not exist.', code: ERROR_CODES.badRequest },
      };
    }
    if (pgError.code === PG_NOT_NULL_VIOLATION || pgError.code === PG_CHECK_VIOLATION) {
      return {
        status: 400,
        body: { message: 'A required value is missing or not allowed.', code: ERROR_CODES.badRequest },
      };
    }
    // Class 22 (data exception): a filter value that does not fit its column's type.
    if (pgError.code.startsWith('22')) {
      return {
        status: 400,
        body: { message: 'A value does not fit the type of its field.', code: ERROR_CODES.badRequest },
      };
    }
  }
  if (isResponseSerializationError(error as never)) return undefined;
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Fastify's own client errors (413 body too large, 415 media type, malformed JSON body, ...).
    return { status, body: { message: (error as Error).message, code: codeForStatus(status) } };
  }
  return undefined;
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const mapped = mapError(error);
    if (mapped) {
      if (mapped.status === 503) request.log.warn({ err: error }, 'database unavailable');
      if (mapped.headers) reply.headers(mapped.headers);
      return reply.status(mapped.status).send(mapped.body);
    }
    // A bug: log everything with the request id, tell the caller nothing about internals.
    request.log.error({ err: error, reqId: request.id }, 'unhandled error');
    return reply.status(500).send({ message: GENERIC_500, code: ERROR_CODES.internal });
  });
}
