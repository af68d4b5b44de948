/**
 * Services (issue 22 point 4; docs/services.md): volunteering, and a volunteer's hours for the
 * profile pages.
 */
export { registerServices } from './routes';
export { volunteerHoursOf } from './volunteering';
