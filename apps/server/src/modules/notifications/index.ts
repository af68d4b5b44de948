/**
 * Notifications: the inbox every area feeds through domain events (docs/notifications.md). It reacts
 * to enrolment, completion, certificates, role grants, accepted invitations, reopened assessments and
 * published announcements (fanned out by jobs), and mails at once or in digests.
 */
export { registerNotifications } from './routes';
