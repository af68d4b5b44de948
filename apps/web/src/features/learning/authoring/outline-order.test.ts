import { describe, expect, it } from 'vitest';
import { moveInOrder } from './outline-order';

describe('moveInOrder', () => {
  it('moves an item down and up', () => {
    expect(moveInOrder([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveInOrder([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
  });

  it('returns null when nothing moves, at either end', () => {
    expect(moveInOrder([1, 2, 3], 2, 3)).toBeNull();
    expect(moveInOrder([1, 2, 3], 0, -1)).toBeNull();
    expect(moveInOrder([1, 2, 3], 5, 0)).toBeNull();
  });
});
