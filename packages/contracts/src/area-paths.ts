import { READINESS_API } from './api-paths';

/**
 * The bases and client tags the shared blocks of hubs and home pages call (issue 22): here, not beside
 * the areas' schemas, so a hub page of nine areas loads none of their schemas nor zod; and not in
 * api-paths.ts, which the shell (and so /login) carries, because the shell calls none of them.
 */
export const ANNOUNCEMENTS_API = '/api/announcements/announcements';
/** Realtime: what changed, and the RTK Query tag lists invalidate. */
export const ANNOUNCEMENT_REALTIME = {
  published: 'announcement.published',
  changed: 'announcement.changed',
  tag: 'Announcement',
} as const;
/** Communities, groups and forums (issue 18; docs/community.md). */
export const COMMUNITY_API = '/api/community';
export const COMMUNITIES_API = `${COMMUNITY_API}/communities`;
export const COMMUNITY_MEMBERS_API = `${COMMUNITY_API}/members`;
export const COMMUNITY_GROUPS_API = `${COMMUNITY_API}/groups`;
export const FORUM_TOPICS_API = `${COMMUNITY_API}/topics`;
export const FORUM_REPLIES_API = `${COMMUNITY_API}/replies`;
export const FORUM_REACTIONS_API = `${COMMUNITY_API}/reactions`;
export const FORUM_REPORTS_API = `${COMMUNITY_API}/reports`;
/** Network client tags: socket emits name them so open pages refetch. */
export const NETWORK_TAGS = {
  connection: 'Connections',
  follow: 'Follows',
  post: 'Posts',
  comment: 'PostComments',
  feed: 'Feed',
  communityPosts: 'CommunityPosts',
} as const;
/** Competitions (issue 17 point 4); the realtime tag lists invalidate. */
export const COMPETITIONS_API = '/api/competitions/competitions';
export const COMPETITION_REALTIME = { tag: 'Competition' } as const;
/** Events (issue 17): events, and registrations with their tickets. */
export const EVENTS_API = '/api/events/events';
export const EVENT_REGISTRATIONS_API = '/api/events/registrations';
/** Realtime: the organisers' room of an event, and the tags lists invalidate. */
export const EVENT_REALTIME = {
  room: 'event',
  checkedIn: 'event.checked_in',
  registrations: 'event.registrations.changed',
  changed: 'event.changed',
  tag: 'Event',
  registrationTag: 'EventRegistration',
} as const;
/** Experts (issue 20 point 1): profiles, expert programs and sessions. */
export const EXPERTS_BASE = '/api/experts';
export const EXPERTS_API = `${EXPERTS_BASE}/experts`;
export const EXPERT_PROGRAMS_API = `${EXPERTS_BASE}/programs`;
export const EXPERT_SESSIONS_API = `${EXPERTS_BASE}/sessions`;
export const FUNDING_TAGS = { call: 'FundingCalls', investor: 'Investors', deal: 'DealFlow' } as const;
/** Hub pages (issue 22; docs/hubs.md) and a parent's view of their children. */
export const HUBS_API = '/api/hubs';
export const HUB_PAGES_API = `${HUBS_API}/pages`;
export const HUB_CHILDREN_API = `${HUBS_API}/children`;
/** The RTK Query tag of hub pages: a publish refreshes the pages that show them. */
export const HUB_TAG = 'HubPage';
/** Jobs and internships (issue 20 point 2): postings and applications. */
export const JOB_POSTINGS_API = '/api/jobs/postings';
export const JOB_APPLICATIONS_API = '/api/jobs/applications';
export const READINESS_PATHS = {
  journeys: `${READINESS_API}/journeys`,
  results: `${READINESS_API}/results`,
  evidence: `${READINESS_API}/evidence`,
  reviews: `${READINESS_API}/reviews`,
  stats: `${READINESS_API}/stats`,
} as const;
export const READINESS_TAGS = { journey: 'Readiness', review: 'ReadinessReviews', stats: 'Stats' } as const;
