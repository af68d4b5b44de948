import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Account state persisted across reloads (spec section 4 lists `account`; its fields are "not
 * shown"). We keep what the account and onboarding pages need to resume where the user left off.
 */
export interface AccountState {
  /** The registration role type chosen on /select-role or /registration/{passedRole} (spec section 6). */
  selectedRegistrationType: string | null;
  /** Last completed onboarding step, so a reload resumes the flow. */
  onboardingStep: number;
}

export const initialAccountState: AccountState = { selectedRegistrationType: null, onboardingStep: 0 };

export const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    registrationTypeSelected(state, action: PayloadAction<string | null>) {
      state.selectedRegistrationType = action.payload;
    },
    onboardingStepReached(state, action: PayloadAction<number>) {
      state.onboardingStep = action.payload;
    },
    accountReset: () => initialAccountState,
  },
});

export const { registrationTypeSelected, onboardingStepReached, accountReset } = accountSlice.actions;
