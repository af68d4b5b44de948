// Skill swap (issue 22; docs/swap.md): /swap. The page is loaded lazily by the router from pages/;
// nothing is shared with other areas.
export type { SwapSearchArgs } from './api';
