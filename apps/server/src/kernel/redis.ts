import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The one way the server opens a Redis connection (REDIS_URL, DESIGN section 8). A subscriber needs
 * a connection of its own (a subscribed connection can run no other command), so callers ask for as
 * many as they use and close them with the app. Commands wait through a reconnect instead of failing
 * at once: a Redis restart should slow requests down, not answer 500.
 */
export function createRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: `nexus-${name}`,
    maxRetriesPerRequest: 20,
    enableAutoPipelining: true,
  });
}

/** What a process tells the others: which cached reads are stale. */
export type CacheDrop =
  | { cache: 'session'; sessionId: string }
  | { cache: 'users'; userIds: number[] }
  | { cache: 'everyone' }
  | { cache: 'privileges' };

const CHANNEL = 'nexus:cache-drops';

/**
 * Cache invalidations between processes. In-process caches (sessions for 1 s, privileges for 5 s)
 * would otherwise let another replica serve a signed-out session or a revoked role until they expire;
 * with Redis every drop is published and every other process drops the same entries at once.
 * Without Redis there is one process and nothing to tell.
 */
export class CacheBus {
  private readonly origin = randomUUID();
  private readonly handlers = new Set<(drop: CacheDrop) => void>();

  private constructor(
    private readonly publisher: Redis | null,
    private readonly subscriber: Redis | null,
  ) {
    subscriber?.on('message', (channel: string, text: string) => {
      if (channel !== CHANNEL) return;
      let message: { origin: string; drop: CacheDrop };
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      if (message.origin === this.origin) return;
      for (const handler of this.handlers) handler(message.drop);
    });
  }

  static local(): CacheBus {
    return new CacheBus(null, null);
  }

  /** Resolves once subscribed, so a drop published right after start is not missed. */
  static async overRedis(url: string): Promise<CacheBus> {
    const subscriber = createRedis(url, 'cache-sub');
    await subscriber.subscribe(CHANNEL);
    return new CacheBus(createRedis(url, 'cache-pub'), subscriber);
  }

  get shared(): boolean {
    return this.publisher !== null;
  }

  publish(drop: CacheDrop): void {
    // A lost invalidation only shortens nothing: the entry still expires within its second (or five).
    this.publisher?.publish(CHANNEL, JSON.stringify({ origin: this.origin, drop })).catch(() => {});
  }

  /** Drops made by other processes. */
  onRemoteDrop(handler: (drop: CacheDrop) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.all([this.publisher?.quit(), this.subscriber?.quit()]);
  }
}
