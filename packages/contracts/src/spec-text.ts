import { existsSync, readFileSync } from 'node:fs';

/**
 * The product specification, for tests that compare the contracts to it. The steering copy beside the
 * repository wins; `docs/spec/SPEC.md` is the copy checked in for clones that stand alone.
 */
export function readSpec(): string {
  const steering = new URL('../../../../shared/spec/SPEC.md', import.meta.url);
  const vendored = new URL('../../../docs/spec/SPEC.md', import.meta.url);
  return readFileSync(existsSync(steering) ? steering : vendored, 'utf8');
}
