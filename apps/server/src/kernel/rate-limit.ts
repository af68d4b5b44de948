import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { AUTH_MESSAGES } from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { countRateLimitHit } from '../auth/throttle';
import type { Database } from '../db/client';
import { tooManyRequests } from '../http/app-error';

type Counted = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Counted) => void;

/** A counter the plugin and `RateLimits.hit` share: hits in the current window and its ms left. */
interface Counter {
  incr(key: string, callback: Callback, timeWindowMs: number, max: number): void;
}

/** Fixed windows in PostgreSQL, the same rows for every process (REDIS_URL unset). */
function postgresCounter(database: Database): Counter {
  return {
    incr(key, callback, timeWindowMs) {
      countRateLimitHit(database.db, key, timeWindowMs / 1000).then(
        ({ hits, remainingSeconds }) => callback(null, { current: hits, ttl: remainingSeconds * 1000 }),
        (error: Error) => callback(error),
      );
    },
  };
}

/**
 * The store handed to @fastify/rate-limit. Its `child` would prefix keys with the route; ours are
 * named by the caller instead (`verify-ip:<address>` is one budget across two routes, as before).
 */
function storeOver(counter: Counter) {
  return class SharedKeyStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      counter.incr(key, callback, timeWindow, max);
    }
    child() {
      return this;
    }
  };
}

export interface RateLimits {
  /**
   * Counts a hit on `key` and throws 429 with Retry-After once the window holds more than `limit`.
   * For budgets keyed by what the body names (an address, a user) rather than by the route.
   */
  hit(key: string, limit: number, windowSeconds: number, message?: string): Promise<void>;
}

/** A per-route budget for `config.rateLimit`: `limit` requests per window, keyed by `name` and address. */
export function perAddress(name: string, limit: number, windowSeconds: number): RateLimitOptions {
  return {
    max: limit,
    timeWindow: windowSeconds * 1000,
    keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  };
}

/**
 * Rate limits through @fastify/rate-limit (DESIGN section 9): on its Redis store when REDIS_URL is
 * set, else on a store over PostgreSQL, so every process counts into one budget either way. Routes opt
 * in with `config: { rateLimit: perAddress(...) }`; the check runs before the handler, after the body
 * is validated (as the hand-written throttle did). The answer is the API's own 429 shape.
 */
export async function installRateLimits(
  app: FastifyInstance,
  options: { database: Database; redis: Redis | null },
): Promise<RateLimits> {
  const counter: Counter = options.redis
    ? new RedisStore(false, false, options.redis, 'nexus:rate:')
    : postgresCounter(options.database);
  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    store: storeOver(counter),
    // Our error carries Retry-After; the plugin's X-RateLimit headers were never part of the API.
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(AUTH_MESSAGES.tooManyRequests, context.ttl / 1000),
  });
  return {
    async hit(key, limit, windowSeconds, message = AUTH_MESSAGES.tooManyRequests) {
      const counted = await new Promise<Counted>((resolve, reject) =>
        counter.incr(
          key,
          (error, result) => (error || !result ? reject(error) : resolve(result)),
          windowSeconds * 1000,
          limit,
        ),
      );
      if (counted.current > limit) throw tooManyRequests(message, counted.ttl / 1000);
    },
  };
}
