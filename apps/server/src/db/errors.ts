/** PostgreSQL error as either driver reports it (Drizzle wraps it in `cause`). */
export interface PgErrorLike {
  code?: string;
  constraint?: string;
  detail?: string;
  message?: string;
}

/** Finds the driver error inside Drizzle's DrizzleQueryError wrapper. */
export function pgErrorOf(error: unknown): PgErrorLike | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as PgErrorLike).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgErrorLike;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return current as PgErrorLike;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/** The database is away (restarting, shutting down, unreachable): answer 503 and let the pool recover. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const pgError = pgErrorOf(error);
  const code = pgError?.code;
  if (code) {
    if (NETWORK_CODES.has(code)) return true;
    // 08: connection exception; 57P01-57P03: admin/crash shutdown, cannot connect now; 53300: too many connections.
    if (
      code.startsWith('08') ||
      code === '57P01' ||
      code === '57P02' ||
      code === '57P03' ||
      code === '53300'
    ) {
      return true;
    }
  }
  const message = messageChain(error);
  return /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/i.test(
    message,
  );
}

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    parts.push(current.message);
    current = current.cause;
  }
  return parts.join(' | ');
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_NOT_NULL_VIOLATION = '23502';
export const PG_CHECK_VIOLATION = '23514';
