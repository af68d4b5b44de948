import { combineSlices } from '@reduxjs/toolkit';
import { aiSuggestionsSlice } from '../features/ai/state';
import { communitySlice } from '../features/community/state';
import { accountSlice, studySlice } from '../features/identity/state';
import { assessmentSlice, modulesSlice, planSlice } from '../features/learning/state';
import { menuSlice } from '../features/navigation/state';
import { authSlice } from '../shared/session/auth-slice';
import { messageSlice } from '../shared/state/message-slice';

/** Slices added after start (the RTK Query cache, see app/api.ts) declare themselves here. */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  authSlice,
  assessmentSlice,
  planSlice,
  modulesSlice,
  menuSlice,
  communitySlice,
  accountSlice,
  studySlice,
  messageSlice,
  aiSuggestionsSlice,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
