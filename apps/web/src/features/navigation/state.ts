// The slices the app's store registers at start (app/root-reducer.ts). Kept apart from index.ts so
// the entry bundle takes the state alone: index.ts also brings access-slice, which injects itself
// into the root reducer and so must load after it.
export { menuSlice } from './menu-slice';
