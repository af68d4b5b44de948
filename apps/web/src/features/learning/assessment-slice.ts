import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Spec section 3 "Assessment metadata". */
export interface AssessmentState {
  response_for_type: string | null;
  institute_name: string | null;
  assessment_id: number | null;
  is_completed: boolean;
}

export const initialAssessmentState: AssessmentState = {
  response_for_type: null,
  institute_name: null,
  assessment_id: null,
  is_completed: false,
};

export const assessmentSlice = createSlice({
  name: 'assessment',
  initialState: initialAssessmentState,
  reducers: {
    assessmentMetadataSet(state, action: PayloadAction<Partial<AssessmentState>>) {
      Object.assign(state, action.payload);
    },
    assessmentCleared: () => initialAssessmentState,
  },
});

export const { assessmentMetadataSet, assessmentCleared } = assessmentSlice.actions;
