import { availableParallelism } from 'node:os';
import { AUTH_MESSAGES, ERROR_CODES } from '@nexus/contracts';
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../http/app-error';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane (about 35 ms on our machines). */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes run on libuv's thread pool, which file and DNS work share. Capping the hashes in flight below
 * the core count, and the queue behind them, keeps a burst of sign-ins from starving every other request:
 * past the queue a caller gets 503 with Retry-After instead of waiting behind hundreds of hashes.
 */
export class HashPool {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency = Math.max(1, availableParallelism() - 1),
    readonly maxQueue = 64,
  ) {}

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxQueue) {
        throw new AppError(ERROR_CODES.unavailable, 503, AUTH_MESSAGES.busy, undefined, {
          'retry-after': '1',
        });
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so `running` never dips and lets a newcomer jump the queue.
      if (next) next();
      else this.running -= 1;
    }
  }
}

export const hashPool = new HashPool();

export function hashPassword(password: string, pool: HashPool = hashPool): Promise<string> {
  return pool.run(() => hash(password, ARGON2_OPTIONS));
}

/**
 * A hash of a random secret, verified against when the account does not exist, so an unknown user
 * costs the same time as a wrong password (no enumeration by timing).
 */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hash(crypto.randomUUID(), ARGON2_OPTIONS);
  return decoyHash;
}

/** Verifies a password; with no stored hash it still spends one verification and answers false. */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
  pool: HashPool = hashPool,
): Promise<boolean> {
  const target = stored ?? (await decoy());
  const ok = await pool.run(() => verify(target, password).catch(() => false));
  return stored ? ok : false;
}
