/** Invitation links: routes, and the one way other areas issue an invitation. */
export { registerInvitations } from './routes';
export { issueInvitation } from './service';
