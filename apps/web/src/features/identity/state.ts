// The slices the app's store registers at start (app/root-reducer.ts). Kept apart from index.ts so
// the entry bundle takes the state alone, never a component of the feature.
export { accountSlice } from './account-slice';
export { studySlice, yearOfStudySet } from './study-slice';
