import { combineSlices } from '@reduxjs/toolkit';
import { communitySlice } from '../features/community/community-slice';
import { accountSlice } from '../features/identity/account-slice';
import { studySlice } from '../features/identity/study-slice';
import { assessmentSlice } from '../features/learning/assessment-slice';
import { modulesSlice } from '../features/learning/modules-slice';
import { planSlice } from '../features/learning/plan-slice';
import { menuSlice } from '../features/navigation/menu-slice';
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
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
