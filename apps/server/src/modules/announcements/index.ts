/** Announcements (issue 16 point 3): routes, and the audience rule the notifications fan-out shares. */
export { audienceIncludes, audienceUserIds } from './audience';
export { registerAnnouncements } from './routes';
