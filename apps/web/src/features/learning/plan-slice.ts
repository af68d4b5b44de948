import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3 "Plan": iteration. */
export interface PlanState {
  iteration: number;
}

export const initialPlanState: PlanState = { iteration: 0 };

export const planSlice = createSlice({
  name: 'plan',
  initialState: initialPlanState,
  reducers: {
    iterationSet(state, action: PayloadAction<number>) {
      state.iteration = action.payload;
    },
  },
});

export const { iterationSet } = planSlice.actions;
