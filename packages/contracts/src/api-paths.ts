/**
 * API path prefixes, in a module without schemas: a page that only calls an endpoint imports the
 * path from here and does not pull zod and the entity schemas into its chunk (issue 13 point 6).
 */
export const PROGRAM_API = '/api/program';
/** Messaging (issue 16): conversations, messages, blocks and the people one may reach. */
export const MESSAGING_API = '/api/messaging';
export const CONVERSATIONS_API = `${MESSAGING_API}/conversations`;
export const MESSAGES_API = `${MESSAGING_API}/messages`;
export const BLOCKS_API = `${MESSAGING_API}/blocks`;
export const PEOPLE_API = `${MESSAGING_API}/people`;
export const NOTIFICATIONS_API = '/api/notifications';
/** The RTK Query tag of the inbox: socket emits name it so the bell and the page refresh live. */
export const NOTIFICATION_TAG = 'Notifications';
