// Announcements (issue 16 point 3). The page is loaded lazily by the router from pages/; nothing else
// is shared with other areas yet.
export type { AnnouncementPage } from './api';
