/**
 * Events (issue 17 points 1 to 3; docs/events-area.md): events, registration with a waiting list,
 * tickets and check-in; the calendar source of confirmed registrations; cover image reads.
 */
export { registerEvents } from './register';
