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
/** Resources (issue 21): items, collections and portals, files of items, playlists, my library. */
export const RESOURCES_API = '/api/resources';
export const RESOURCE_ITEMS_API = `${RESOURCES_API}/items`;
export const RESOURCE_COLLECTIONS_API = `${RESOURCES_API}/collections`;
export const RESOURCE_FILES_API = `${RESOURCES_API}/files`;
export const RESOURCE_PLAYLISTS_API = `${RESOURCES_API}/playlists`;
export const RESOURCE_LIBRARY_API = `${RESOURCES_API}/library`;
/** Readiness journeys and the sample statistics (issue 19 points 4 and 5; docs/readiness.md). */
export const READINESS_API = '/api/readiness';
/** The ecosystem (issue 19): startups, projects, centers, cohorts, the map and the workspace. */
export const ECOSYSTEM_API = '/api/ecosystem';
/** Funding (issue 19 point 2): investors, calls, applications and the deal-flow board. */
export const FUNDING_API = '/api/funding';
/** AI suggestions (issue 20 point 3; docs/ai.md): ranked suggestions per category and the provider test. */
export const AI_API = '/api/ai';
/**
 * Help pages (issue 22 point 5): support requests, FAQs and the privacy policy. Here, not beside the
 * schemas, because the cookie banner on every page reads the policy version and must stay small.
 */
export const SUPPORT_API = '/api/support';
export const SUPPORT_REQUESTS_API = `${SUPPORT_API}/requests`;
export const FAQS_API = `${SUPPORT_API}/faqs`;
export const PRIVACY_API = `${SUPPORT_API}/privacy`;
