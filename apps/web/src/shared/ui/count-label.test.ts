import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it('uses the singular for one and the plural otherwise, with grouped digits', () => {
    expect(countLabel(1, 'program', 'programs')).toBe('1 program');
    expect(countLabel(0, 'program', 'programs')).toBe('0 programs');
    expect(countLabel(12_345, 'program', 'programs')).toBe('12,345 programs');
    expect(countLabel(999, 'program', 'programs')).toBe('999 programs');
    expect(countLabel(1_000, 'program', 'programs')).toBe('1,000 programs');
    expect(countLabel(1_234_567, 'program', 'programs')).toBe('1,234,567 programs');
  });

  it('says a capped total is a lower bound', () => {
    expect(countLabel(10_000, 'program', 'programs', false)).toBe('More than 10,000 programs');
  });
});
