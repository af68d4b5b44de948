import type { Suggestion, SuggestionCategory } from '@nexus/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Spec sections 3 and 4, "AI suggestion state per category": how many sets were asked for
 * (`usageCount`), the sets received in order (`responseSets`), the set on screen (`currentIndex`) and
 * the ids of the items the person added. Asking for another set appends it and adds one to
 * `usageCount`; cycling wraps around; added items are tracked per category.
 */
export interface CategorySuggestions {
  usageCount: number;
  responseSets: Suggestion[][];
  currentIndex: number;
  addedItemIds: string[];
}

export type AiSuggestionsState = Partial<Record<SuggestionCategory, CategorySuggestions>>;

export const emptyCategory: CategorySuggestions = {
  usageCount: 0,
  responseSets: [],
  currentIndex: 0,
  addedItemIds: [],
};

function categoryOf(state: AiSuggestionsState, category: SuggestionCategory): CategorySuggestions {
  state[category] ??= { ...emptyCategory, responseSets: [], addedItemIds: [] };
  return state[category];
}

export const aiSuggestionsSlice = createSlice({
  name: 'aiSuggestions',
  initialState: {} as AiSuggestionsState,
  reducers: {
    /** Another set arrived: it is appended and shown, and one more use is counted. */
    suggestionSetReceived(
      state,
      action: PayloadAction<{ category: SuggestionCategory; items: Suggestion[] }>,
    ) {
      const entry = categoryOf(state, action.payload.category);
      entry.responseSets.push(action.payload.items);
      entry.usageCount += 1;
      entry.currentIndex = entry.responseSets.length - 1;
    },
    /** Next (+1) or previous (-1) set, wrapping around at either end. */
    suggestionSetCycled(state, action: PayloadAction<{ category: SuggestionCategory; step: 1 | -1 }>) {
      const entry = state[action.payload.category];
      if (!entry || entry.responseSets.length === 0) return;
      const count = entry.responseSets.length;
      entry.currentIndex = (entry.currentIndex + action.payload.step + count) % count;
    },
    suggestionAdded(state, action: PayloadAction<{ category: SuggestionCategory; itemId: string }>) {
      const entry = categoryOf(state, action.payload.category);
      if (!entry.addedItemIds.includes(action.payload.itemId)) entry.addedItemIds.push(action.payload.itemId);
    },
    suggestionRemoved(state, action: PayloadAction<{ category: SuggestionCategory; itemId: string }>) {
      const entry = state[action.payload.category];
      if (entry) entry.addedItemIds = entry.addedItemIds.filter((id) => id !== action.payload.itemId);
    },
  },
  selectors: {
    selectCategorySuggestions: (state, category: SuggestionCategory) => state[category] ?? emptyCategory,
  },
});

export const { suggestionSetReceived, suggestionSetCycled, suggestionAdded, suggestionRemoved } =
  aiSuggestionsSlice.actions;
export const { selectCategorySuggestions } = aiSuggestionsSlice.selectors;
