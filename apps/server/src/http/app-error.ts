import { ERROR_CODES, type ErrorCode } from '@nexus/contracts';

/** One error type for every module; the error handler turns it into `{ message, code, details }`. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    message: string,
    readonly details?: unknown,
    /** Extra response headers, such as Retry-After on 429 and 503. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(ERROR_CODES.badRequest, 400, message, details);
export const unauthorized = (message = 'Sign in to continue.') =>
  new AppError(ERROR_CODES.unauthorized, 401, message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(ERROR_CODES.forbidden, 403, message);
export const notFound = (message = 'Not found') => new AppError(ERROR_CODES.notFound, 404, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(ERROR_CODES.rateLimited, 429, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The error code that goes with a status when nothing more specific is known. */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return ERROR_CODES.badRequest;
    case 401:
      return ERROR_CODES.unauthorized;
    case 403:
      return ERROR_CODES.forbidden;
    case 404:
      return ERROR_CODES.notFound;
    case 409:
      return ERROR_CODES.conflict;
    case 413:
      return ERROR_CODES.payloadTooLarge;
    case 429:
      return ERROR_CODES.rateLimited;
    case 503:
      return ERROR_CODES.unavailable;
    default:
      return status >= 500 ? ERROR_CODES.internal : ERROR_CODES.badRequest;
  }
}
