// Competitions (issue 17 point 4). Pages are loaded lazily by the router from pages/; nothing else is
// shared with other areas yet.
export type { CompetitionPage } from './api';
