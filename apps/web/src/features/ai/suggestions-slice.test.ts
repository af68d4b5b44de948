import type { Suggestion } from '@nexus/contracts';
import { describe, expect, it } from 'vitest';
import {
  type AiSuggestionsState,
  aiSuggestionsSlice,
  emptyCategory,
  selectCategorySuggestions,
  suggestionAdded,
  suggestionRemoved,
  suggestionSetCycled,
  suggestionSetReceived,
} from './suggestions-slice';

const reduce = aiSuggestionsSlice.reducer;
const item = (id: string): Suggestion => ({
  item_id: `jobs:${id}`,
  category: 'jobs',
  title: `Job ${id}`,
  reason: 'Fits',
  link: `/search-jobs/${id}`,
});
const withSets = (count: number): AiSuggestionsState => {
  let state = reduce(undefined, { type: 'init' });
  for (let i = 0; i < count; i++)
    state = reduce(state, suggestionSetReceived({ category: 'jobs', items: [item(String(i))] }));
  return state;
};

describe('AI suggestion state (spec sections 3 and 4)', () => {
  it('starts empty for every category', () => {
    const state = reduce(undefined, { type: 'init' });
    expect(selectCategorySuggestions({ aiSuggestions: state }, 'programs')).toEqual(emptyCategory);
  });

  it('appends another set, counts one more use and shows the new set', () => {
    const one = withSets(1);
    expect(one.jobs).toEqual({
      usageCount: 1,
      responseSets: [[item('0')]],
      currentIndex: 0,
      addedItemIds: [],
    });
    const two = reduce(one, suggestionSetReceived({ category: 'jobs', items: [item('1')] }));
    expect(two.jobs?.usageCount).toBe(2);
    expect(two.jobs?.responseSets).toEqual([[item('0')], [item('1')]]);
    expect(two.jobs?.currentIndex).toBe(1);
    // An empty set is still a set asked for.
    const three = reduce(two, suggestionSetReceived({ category: 'jobs', items: [] }));
    expect(three.jobs).toMatchObject({ usageCount: 3, currentIndex: 2 });
  });

  it('keeps categories apart', () => {
    const state = reduce(withSets(2), suggestionSetReceived({ category: 'experts', items: [] }));
    expect(state.jobs?.usageCount).toBe(2);
    expect(state.experts?.usageCount).toBe(1);
  });

  it('cycles forward and back, wrapping around at both ends', () => {
    let state = withSets(3);
    expect(state.jobs?.currentIndex).toBe(2);
    state = reduce(state, suggestionSetCycled({ category: 'jobs', step: 1 }));
    expect(state.jobs?.currentIndex).toBe(0);
    state = reduce(state, suggestionSetCycled({ category: 'jobs', step: -1 }));
    expect(state.jobs?.currentIndex).toBe(2);
    state = reduce(state, suggestionSetCycled({ category: 'jobs', step: -1 }));
    expect(state.jobs?.currentIndex).toBe(1);
    // Cycling does not count as asking.
    expect(state.jobs?.usageCount).toBe(3);
  });

  it('ignores cycling a category with no sets', () => {
    const empty = reduce(undefined, { type: 'init' });
    expect(reduce(empty, suggestionSetCycled({ category: 'events', step: 1 }))).toEqual(empty);
    const noSets = reduce(empty, suggestionAdded({ category: 'events', itemId: 'events:1' }));
    expect(reduce(noSets, suggestionSetCycled({ category: 'events', step: -1 }))).toEqual(noSets);
  });

  it('tracks added items per category, once each, and forgets a removed one', () => {
    let state = withSets(1);
    state = reduce(state, suggestionAdded({ category: 'jobs', itemId: 'jobs:0' }));
    state = reduce(state, suggestionAdded({ category: 'jobs', itemId: 'jobs:0' }));
    state = reduce(state, suggestionAdded({ category: 'programs', itemId: 'programs:4' }));
    expect(state.jobs?.addedItemIds).toEqual(['jobs:0']);
    expect(state.programs).toEqual({ ...emptyCategory, addedItemIds: ['programs:4'] });
    state = reduce(state, suggestionRemoved({ category: 'jobs', itemId: 'jobs:0' }));
    expect(state.jobs?.addedItemIds).toEqual([]);
    expect(reduce(state, suggestionRemoved({ category: 'resources', itemId: 'x' }))).toEqual(state);
  });
});
