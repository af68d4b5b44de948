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
/**
 * The network and posts (issue 18 points 4 and 5). The community area shares `/api/community`; these
 * bases are the network's alone (communities, groups and forums use others).
 */
export const NETWORK_BASE = '/api/community';
export const CONNECTIONS_API = `${NETWORK_BASE}/connections`;
export const FOLLOWS_API = `${NETWORK_BASE}/follows`;
export const POSTS_API = `${NETWORK_BASE}/posts`;
export const COMMENTS_API = `${NETWORK_BASE}/comments`;
export const FEED_API = `${NETWORK_BASE}/feed`;
