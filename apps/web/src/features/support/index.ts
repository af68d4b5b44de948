// Help pages (issue 22 point 5): /student/support, /faqs and /privacy-policy. The pages are loaded
// lazily by the router from pages/; nothing is shared with other areas.
export type { RequestPage } from './api';
