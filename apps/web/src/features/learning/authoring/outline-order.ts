/**
 * The siblings' ids after moving the one at `from` to `to` (both clamped to the list), or null when
 * nothing moves. Positions are then the new indexes, so one updateMany call writes the whole order.
 */
export function moveInOrder(ids: readonly number[], from: number, to: number): number[] | null {
  const target = Math.max(0, Math.min(ids.length - 1, to));
  if (from < 0 || from >= ids.length || from === target) return null;
  const next = [...ids];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as number);
  return next;
}

interface Ordered {
  position: number;
}

/**
 * Puts the tree's sibling list whose ids are `ids` in that order, in place (for an optimistic update
 * of the cached program while the updateMany call runs).
 */
export function applyOrder<T extends Ordered>(
  list: T[],
  idOf: (item: T) => number,
  ids: readonly number[],
): void {
  if (list.length !== ids.length || !list.every((item) => ids.includes(idOf(item)))) return;
  list.sort((a, b) => ids.indexOf(idOf(a)) - ids.indexOf(idOf(b)));
  list.forEach((item, index) => {
    item.position = index;
  });
}

/** Where a new item goes: after the last one, even when earlier deletes left gaps in the positions. */
export function nextPosition(list: readonly Ordered[]): number {
  return list.reduce((max, item) => Math.max(max, item.position + 1), 0);
}
