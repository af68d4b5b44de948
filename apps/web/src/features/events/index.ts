// Events (issue 17). The pages are loaded lazily by the router from pages/; nothing else is shared
// with other areas yet.
export type { EventPage } from './api';
