import {
  ECOSYSTEM_API,
  type LibraryEntry,
  type ListMeta,
  type ProjectCard,
  RESOURCE_COLLECTIONS_API,
  RESOURCE_FILES_API,
  RESOURCE_ITEMS_API,
  RESOURCE_LIBRARY_API,
  RESOURCE_PLAYLISTS_API,
  type ResourceCollection,
  type ResourceFile,
  type ResourceFileAttach,
  type ResourceItem,
  type ResourceItemCreate,
  type ResourceItemUpdate,
  type ResourcePlaylist,
  type ResourceSearchAnswer,
  type StartupCard,
} from '@nexus/contracts';
import { api } from '../../app/api';

const ITEM = 'Resource';
const LIBRARY = 'ResourceLibrary';
const COLLECTION = 'ResourceCollection';
const PLAYLIST = 'ResourcePlaylist';

export interface SearchArgs {
  page?: number;
  limit?: number;
  search?: string;
  kind?: string[];
  tag?: string[];
  language?: string[];
  collection_id?: number;
  year?: number;
  scope?: 'published' | 'mine' | 'review';
  sort?: 'relevance' | 'newest' | 'oldest' | 'title';
  facets?: boolean;
}

/** Only what the person chose goes in the address, so the defaults list works with nothing. */
function searchParams(args: SearchArgs) {
  const params: Record<string, string | number> = {};
  if (args.page && args.page > 1) params.page = args.page;
  if (args.limit) params.limit = args.limit;
  if (args.search) params.search = args.search;
  if (args.kind?.length) params.kind = args.kind.join(',');
  if (args.tag?.length) params.tag = args.tag.join(',');
  if (args.language?.length) params.language = args.language.join(',');
  if (args.collection_id) params.collection_id = args.collection_id;
  if (args.year) params.year = args.year;
  if (args.scope && args.scope !== 'published') params.scope = args.scope;
  if (args.sort && args.sort !== 'newest') params.sort = args.sort;
  if (args.facets) params.facets = 'true';
  return params;
}

export type VentureKind = 'startup' | 'project';

/** A startup or project of the ecosystem's directory, as the links editor offers it. */
export interface VentureOption {
  type: VentureKind;
  id: number;
  name: string;
  detail: string;
}

const VENTURE_RESULTS = 8;

function toVentures(body: { data: (StartupCard | ProjectCard)[] }, kind: VentureKind): VentureOption[] {
  return body.data.map((card) =>
    'startup_id' in card
      ? { type: kind, id: card.startup_id, name: card.name, detail: card.tagline || card.sector }
      : { type: kind, id: card.project_id, name: card.title, detail: card.summary || card.sector },
  );
}

/** Resources (issue 21; docs/resources.md): search, items, files, portals, playlists, my library. */
export const resourcesApi = api
  .enhanceEndpoints({ addTagTypes: [ITEM, LIBRARY, COLLECTION, PLAYLIST] })
  .injectEndpoints({
    endpoints: (build) => ({
      resources: build.query<ResourceSearchAnswer, SearchArgs>({
        query: (args) => ({ url: `${RESOURCE_ITEMS_API}/getItems`, params: searchParams(args) }),
        providesTags: [ITEM],
      }),
      // The ecosystem's public directory, through its own list endpoints (what a case study is about).
      ventures: build.query<VentureOption[], { type: VentureKind; search: string }>({
        query: ({ type, search }) => ({
          url: `${ECOSYSTEM_API}/${type === 'startup' ? 'getStartups' : 'getProjects'}`,
          params: { search, limit: VENTURE_RESULTS },
        }),
        transformResponse: (body: { data: (StartupCard | ProjectCard)[] }, _meta, args) =>
          toVentures(body, args.type),
      }),
      resource: build.query<ResourceItem, number>({
        query: (id) => ({ url: `${RESOURCE_ITEMS_API}/getItem/${id}` }),
        transformResponse: (body: { data: ResourceItem }) => body.data,
        providesTags: [ITEM],
      }),
      createResource: build.mutation<ResourceItem, ResourceItemCreate>({
        query: (data) => ({ url: `${RESOURCE_ITEMS_API}/createItem`, method: 'POST', data }),
        transformResponse: (body: { data: ResourceItem }) => body.data,
        invalidatesTags: [ITEM, COLLECTION],
      }),
      updateResource: build.mutation<ResourceItem, { id: number; body: ResourceItemUpdate }>({
        query: ({ id, body }) => ({
          url: `${RESOURCE_ITEMS_API}/updateItem/${id}`,
          method: 'PUT',
          data: body,
        }),
        transformResponse: (body: { data: ResourceItem }) => body.data,
        invalidatesTags: [ITEM, COLLECTION],
      }),
      reviewResource: build.mutation<ResourceItem, { id: number; decision: 'approve' | 'return' }>({
        query: ({ id, decision }) => ({
          url: `${RESOURCE_ITEMS_API}/reviewItem/${id}`,
          method: 'PUT',
          data: { decision },
        }),
        transformResponse: (body: { data: ResourceItem }) => body.data,
        invalidatesTags: [ITEM, COLLECTION],
      }),
      attachFile: build.mutation<ResourceFile[], ResourceFileAttach>({
        query: (data) => ({ url: `${RESOURCE_FILES_API}/createFile`, method: 'POST', data }),
        transformResponse: (body: { data: ResourceFile[] }) => body.data,
        invalidatesTags: [ITEM],
      }),
      collections: build.query<
        { data: ResourceCollection[]; meta: ListMeta },
        { portals?: boolean; page?: number }
      >({
        query: (args) => ({
          url: `${RESOURCE_COLLECTIONS_API}/getCollections`,
          params: {
            ...(args.portals !== undefined && { portals: String(args.portals) }),
            ...(args.page && args.page > 1 && { page: args.page }),
          },
        }),
        providesTags: [COLLECTION],
      }),
      collection: build.query<ResourceCollection, number>({
        query: (id) => ({ url: `${RESOURCE_COLLECTIONS_API}/getCollection/${id}` }),
        transformResponse: (body: { data: ResourceCollection }) => body.data,
        providesTags: [COLLECTION],
      }),
      playlist: build.query<ResourcePlaylist, number>({
        query: (id) => ({ url: `${RESOURCE_PLAYLISTS_API}/getPlaylist/${id}` }),
        transformResponse: (body: { data: ResourcePlaylist }) => body.data,
        providesTags: [PLAYLIST],
      }),
      library: build.query<{ data: LibraryEntry[]; meta: ListMeta }, { page: number }>({
        query: ({ page }) => ({
          url: `${RESOURCE_LIBRARY_API}/getLibrary`,
          params: page > 1 ? { page } : {},
        }),
        providesTags: [LIBRARY],
      }),
      saveEntry: build.mutation<unknown, { item_id?: number; playlist_id?: number; saved: boolean }>({
        query: (data) => ({ url: `${RESOURCE_LIBRARY_API}/saveEntry`, method: 'POST', data }),
        invalidatesTags: [LIBRARY, ITEM, PLAYLIST],
      }),
      saveProgress: build.mutation<
        unknown,
        { id: number; position_seconds?: number; progress_percent?: number }
      >({
        query: ({ id, ...data }) => ({
          url: `${RESOURCE_LIBRARY_API}/updateProgress/${id}`,
          method: 'PUT',
          data,
        }),
        invalidatesTags: [LIBRARY],
      }),
    }),
  });

export const {
  useResourcesQuery,
  useResourceQuery,
  useVenturesQuery,
  useCreateResourceMutation,
  useUpdateResourceMutation,
  useReviewResourceMutation,
  useAttachFileMutation,
  useCollectionsQuery,
  useCollectionQuery,
  usePlaylistQuery,
  useLibraryQuery,
  useSaveEntryMutation,
  useSaveProgressMutation,
} = resourcesApi;
