import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3 "Study details": current_year_of_study with study_type and study_year. */
export interface StudyState {
  current_year_of_study: { study_type: string | null; study_year: number | null };
}

export const initialStudyState: StudyState = {
  current_year_of_study: { study_type: null, study_year: null },
};

export const studySlice = createSlice({
  name: 'study',
  initialState: initialStudyState,
  reducers: {
    yearOfStudySet(state, action: PayloadAction<StudyState['current_year_of_study']>) {
      state.current_year_of_study = action.payload;
    },
  },
});

export const { yearOfStudySet } = studySlice.actions;
