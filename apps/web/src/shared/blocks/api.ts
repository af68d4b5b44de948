import {
  ANNOUNCEMENT_REALTIME,
  ANNOUNCEMENTS_API,
  type Announcement,
  type CallItem,
  type ChildProgress,
  COMMUNITIES_API,
  COMPETITION_REALTIME,
  COMPETITIONS_API,
  CONNECTIONS_API,
  type CommunityItem,
  type Competition,
  EVENT_REALTIME,
  EVENTS_API,
  type EventItem,
  EXPERTS_API,
  type ExpertSummary,
  FEED_API,
  FORUM_TOPICS_API,
  FUNDING_API,
  FUNDING_TAGS,
  HUB_CHILDREN_API,
  JOB_POSTINGS_API,
  type ListMeta,
  NETWORK_TAGS,
  type NetworkPersonCard,
  POSTS_API,
  type PostItem,
  type PostingItem,
  type PostingType,
  PROGRAM_API,
  type Program,
  READINESS_PATHS,
  READINESS_TAGS,
  RESOURCE_ITEMS_API,
  type ReadinessOverview,
  type ResourceCard,
  type ResourceKind,
  type TopicItem,
} from '@nexus/contracts';
import { baseApi as api } from '../api/base-api';

/** A community filter of the events and competitions lists: one community, or the caller's. */
export type CommunityScope = number | 'mine';

export interface BlockPage<T> {
  data: T[];
  /** The total when the list counts (paged lists); null for cursor lists. */
  total: number | null;
}

interface Paged<T> {
  data?: T[];
  meta?: ListMeta;
}
interface Cursored<T> {
  data?: T[];
}

const paged = <T>(body: Paged<T>): BlockPage<T> => ({
  data: body.data ?? [],
  total: body.meta?.total ?? null,
});
const cursored = <T>(body: Cursored<T>): BlockPage<T> => ({ data: body.data ?? [], total: null });

export interface EventsBlockArgs {
  limit: number;
  when?: 'upcoming' | 'past' | 'all';
  community?: CommunityScope;
}
export interface CompetitionsBlockArgs {
  limit: number;
  when?: 'upcoming' | 'past' | 'all';
  community?: CommunityScope;
}
export interface CommunitiesBlockArgs {
  limit: number;
  view?: 'discover' | 'mine';
}
export interface TopicsBlockArgs {
  limit: number;
  communityId?: number;
}
export interface PostsBlockArgs {
  limit: number;
  /** The caller's home feed, or the newest posts they may read. */
  source?: 'feed' | 'latest';
}
export interface PeopleBlockArgs {
  limit: number;
}
export interface ProgramsBlockArgs {
  limit: number;
  search?: string;
  category?: string;
}
export interface ResourcesBlockArgs {
  limit: number;
  search?: string;
  kinds?: readonly ResourceKind[];
  /** Items with any of these tags. */
  tags?: readonly string[];
}
export interface ExpertsBlockArgs {
  limit: number;
  search?: string;
  /** One expertise tag (the search takes one). */
  expertise?: string;
}
export interface JobsBlockArgs {
  limit: number;
  search?: string;
  jobType?: PostingType;
}
export interface FundingCallsBlockArgs {
  limit: number;
  search?: string;
  sector?: string;
}
export interface AnnouncementsBlockArgs {
  limit: number;
}

/**
 * Drops absent and empty filters, so a block asks with exactly the parameters its list's query
 * schema defines (the schemas are strict) and an unset filter never reaches the server as "".
 */
function only(params: Record<string, string | number | undefined>): Record<string, string | number> {
  const sent: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') sent[key] = value;
  }
  return sent;
}

const TAGS = [
  EVENT_REALTIME.tag,
  COMPETITION_REALTIME.tag,
  'Community',
  'ForumTopic',
  NETWORK_TAGS.post,
  NETWORK_TAGS.feed,
  NETWORK_TAGS.connection,
  NETWORK_TAGS.follow,
  // The areas' own tags again (learning, resources, experts, hiring, funding, readiness, announcements).
  'Program',
  'Resource',
  'Experts',
  'JobPostings',
  FUNDING_TAGS.call,
  READINESS_TAGS.journey,
  ANNOUNCEMENT_REALTIME.tag,
] as const;

/**
 * The read-only lists the hub blocks show. Blocks belong to no area (STYLE: a feature never reaches
 * into another's folder), so they call the areas' list endpoints here, providing the same tags as
 * the areas' own pages: a change anywhere, or a realtime push, refreshes the blocks too.
 */
export const blocksApi = api.enhanceEndpoints({ addTagTypes: [...TAGS] }).injectEndpoints({
  endpoints: (build) => ({
    blockEvents: build.query<BlockPage<EventItem>, EventsBlockArgs>({
      query: ({ limit, when = 'upcoming', community }) => ({
        url: `${EVENTS_API}/getEvents`,
        params: { page: 1, limit, when, ...(community ? { community_id: community } : {}) },
      }),
      transformResponse: paged<EventItem>,
      providesTags: [EVENT_REALTIME.tag],
    }),
    blockCompetitions: build.query<BlockPage<Competition>, CompetitionsBlockArgs>({
      query: ({ limit, when = 'upcoming', community }) => ({
        url: `${COMPETITIONS_API}/getCompetitions`,
        params: { page: 1, limit, when, ...(community ? { community_id: community } : {}) },
      }),
      transformResponse: paged<Competition>,
      providesTags: [COMPETITION_REALTIME.tag],
    }),
    blockCommunities: build.query<BlockPage<CommunityItem>, CommunitiesBlockArgs>({
      query: ({ limit, view = 'discover' }) => ({
        url: `${COMMUNITIES_API}/getCommunities`,
        params: { page: 1, limit, view },
      }),
      transformResponse: paged<CommunityItem>,
      providesTags: ['Community'],
    }),
    blockTopics: build.query<BlockPage<TopicItem>, TopicsBlockArgs>({
      query: ({ limit, communityId }) => ({
        url: `${FORUM_TOPICS_API}/getTopics`,
        params: { page: 1, limit, ...(communityId ? { community_id: communityId } : {}) },
      }),
      transformResponse: paged<TopicItem>,
      providesTags: ['ForumTopic'],
    }),
    blockPosts: build.query<BlockPage<PostItem>, PostsBlockArgs>({
      query: ({ limit, source = 'feed' }) =>
        source === 'feed'
          ? { url: `${FEED_API}/getFeed`, params: { limit } }
          : { url: `${POSTS_API}/searchPosts`, params: { limit } },
      transformResponse: cursored<PostItem>,
      providesTags: [NETWORK_TAGS.post, NETWORK_TAGS.feed],
    }),
    blockPeople: build.query<BlockPage<NetworkPersonCard>, PeopleBlockArgs>({
      query: ({ limit }) => ({ url: `${CONNECTIONS_API}/getSuggestions`, params: { limit } }),
      transformResponse: cursored<NetworkPersonCard>,
      providesTags: [NETWORK_TAGS.connection, NETWORK_TAGS.follow],
    }),
    blockPrograms: build.query<BlockPage<Program>, ProgramsBlockArgs>({
      query: ({ limit, search, category }) => ({
        url: `${PROGRAM_API}/programs/searchPrograms`,
        params: only({ page: 1, limit, search, program_category: category }),
      }),
      transformResponse: paged<Program>,
      providesTags: ['Program'],
    }),
    blockResources: build.query<BlockPage<ResourceCard>, ResourcesBlockArgs>({
      query: ({ limit, search, kinds, tags }) => ({
        url: `${RESOURCE_ITEMS_API}/getItems`,
        params: only({ page: 1, limit, search, kind: kinds?.join(','), tag: tags?.join(',') }),
      }),
      transformResponse: paged<ResourceCard>,
      providesTags: ['Resource'],
    }),
    blockExperts: build.query<BlockPage<ExpertSummary>, ExpertsBlockArgs>({
      query: ({ limit, search, expertise }) => ({
        url: `${EXPERTS_API}/findExperts`,
        params: only({ page: 1, limit, search, expertise }),
      }),
      transformResponse: paged<ExpertSummary>,
      providesTags: ['Experts'],
    }),
    blockJobs: build.query<BlockPage<PostingItem>, JobsBlockArgs>({
      query: ({ limit, search, jobType }) => ({
        url: `${JOB_POSTINGS_API}/getAll`,
        params: only({ page: 1, limit, search, job_type: jobType }),
      }),
      transformResponse: paged<PostingItem>,
      providesTags: ['JobPostings'],
    }),
    blockFundingCalls: build.query<BlockPage<CallItem>, FundingCallsBlockArgs>({
      query: ({ limit, search, sector }) => ({
        url: `${FUNDING_API}/getCalls`,
        params: only({ limit, search, sector }),
      }),
      transformResponse: cursored<CallItem>,
      providesTags: [FUNDING_TAGS.call],
    }),
    blockReadiness: build.query<ReadinessOverview, void>({
      query: () => ({ url: `${READINESS_PATHS.journeys}/getJourneys` }),
      transformResponse: (body: { data: ReadinessOverview }) => body.data,
      providesTags: [READINESS_TAGS.journey],
    }),
    blockChildren: build.query<ChildProgress[], void>({
      query: () => ({ url: `${HUB_CHILDREN_API}/getChildren` }),
      transformResponse: (body: { data?: ChildProgress[] }) => body.data ?? [],
      providesTags: ['Program'],
    }),
    blockAnnouncements: build.query<BlockPage<Announcement>, AnnouncementsBlockArgs>({
      query: ({ limit }) => ({ url: `${ANNOUNCEMENTS_API}/getAnnouncements`, params: { page: 1, limit } }),
      transformResponse: paged<Announcement>,
      providesTags: [ANNOUNCEMENT_REALTIME.tag],
    }),
  }),
});

export const {
  useBlockEventsQuery,
  useBlockCompetitionsQuery,
  useBlockCommunitiesQuery,
  useBlockTopicsQuery,
  useBlockPostsQuery,
  useBlockPeopleQuery,
  useBlockProgramsQuery,
  useBlockResourcesQuery,
  useBlockExpertsQuery,
  useBlockJobsQuery,
  useBlockFundingCallsQuery,
  useBlockReadinessQuery,
  useBlockAnnouncementsQuery,
  useBlockChildrenQuery,
} = blocksApi;
