import { combineReducers } from '@reduxjs/toolkit';
import { communitySlice } from '../features/community/community-slice';
import { accountSlice } from '../features/identity/account-slice';
import { authSlice } from '../features/identity/auth-slice';
import { studySlice } from '../features/identity/study-slice';
import { assessmentSlice } from '../features/learning/assessment-slice';
import { modulesSlice } from '../features/learning/modules-slice';
import { planSlice } from '../features/learning/plan-slice';
import { menuSlice } from '../features/navigation/menu-slice';
import { baseApi } from '../shared/api/base-api';
import { messageSlice } from '../shared/state/message-slice';

export const rootReducer = combineReducers({
  [authSlice.name]: authSlice.reducer,
  [assessmentSlice.name]: assessmentSlice.reducer,
  [planSlice.name]: planSlice.reducer,
  [modulesSlice.name]: modulesSlice.reducer,
  [menuSlice.name]: menuSlice.reducer,
  [communitySlice.name]: communitySlice.reducer,
  [accountSlice.name]: accountSlice.reducer,
  [studySlice.name]: studySlice.reducer,
  [messageSlice.name]: messageSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;
