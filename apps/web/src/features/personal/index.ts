// Personal tools (issue 22 point 5): /notes and /dairy. The pages are loaded lazily by the router from
// pages/; nothing is shared with other areas.
export type { Page } from './api';
