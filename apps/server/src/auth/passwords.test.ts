import { describe, expect, it } from 'vitest';
import { HashPool, hashPassword, verifyPassword } from './passwords';

describe('HashPool', () => {
  it('never runs more than its concurrency and refuses past its queue with 503', async () => {
    const pool = new HashPool(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const job = () =>
      pool.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const accepted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toMatchObject({ status: 503, headers: { 'retry-after': '1' } });
    while (releases.length || pool.inFlight) {
      releases.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(pool.queued).toBe(0);
  });

  it('verifies a real argon2id hash and spends a verification on a missing one', async () => {
    const stored = await hashPassword('a long pass phrase');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'a long pass phrase')).toBe(true);
    expect(await verifyPassword(stored, 'another phrase')).toBe(false);
    expect(await verifyPassword(null, 'a long pass phrase')).toBe(false);
  });
});
