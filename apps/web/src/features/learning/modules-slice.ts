import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3: the selected unit, persisted so a learner returns to it (section 4). */
export interface SelectedUnit {
  program_id: number;
  course_id: number;
  module_id: number;
  unit_id: number;
}

export interface ModulesState {
  selectedUnit: SelectedUnit | null;
}

export const initialModulesState: ModulesState = { selectedUnit: null };

export const modulesSlice = createSlice({
  name: 'modules',
  initialState: initialModulesState,
  reducers: {
    unitSelected(state, action: PayloadAction<SelectedUnit | null>) {
      state.selectedUnit = action.payload;
    },
  },
});

export const { unitSelected } = modulesSlice.actions;
