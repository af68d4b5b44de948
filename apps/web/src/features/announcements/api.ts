import {
  ANNOUNCEMENT_REALTIME,
  ANNOUNCEMENTS_API,
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementRead,
  type AnnouncementUpdate,
  type AnnouncementView,
  type ListMeta,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface AnnouncementPage {
  data: Announcement[];
  meta: ListMeta;
}

export interface AnnouncementListArgs {
  page: number;
  limit: number;
  view: AnnouncementView;
}

/** A role an announcement may be narrowed to (the roles list of spec section 7). */
export interface AudienceRole {
  role_id: number;
  display_name: string;
  role_name: string;
}

const TAG = ANNOUNCEMENT_REALTIME.tag;

/**
 * Announcements (issue 16 point 3). Every list provides the `Announcement` tag, which the server's
 * realtime emit on publish invalidates, so an open page refetches without a reload.
 */
export const announcementsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    announcements: build.query<AnnouncementPage, AnnouncementListArgs>({
      query: ({ page, limit, view }) => ({
        url: `${ANNOUNCEMENTS_API}/getAnnouncements`,
        params: { page, limit, view },
      }),
      providesTags: [TAG],
    }),
    createAnnouncement: build.mutation<{ data: Announcement }, AnnouncementCreate>({
      query: (data) => ({ url: `${ANNOUNCEMENTS_API}/createAnnouncement`, method: 'POST', data }),
      invalidatesTags: [TAG],
    }),
    updateAnnouncement: build.mutation<{ data: Announcement }, { id: number; changes: AnnouncementUpdate }>({
      query: ({ id, changes }) => ({
        url: `${ANNOUNCEMENTS_API}/updateAnnouncement/${id}`,
        method: 'PUT',
        data: changes,
      }),
      invalidatesTags: [TAG],
    }),
    deleteAnnouncement: build.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({
        url: `${ANNOUNCEMENTS_API}/deleteAnnouncement/${id}/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: [TAG],
    }),
    markAnnouncementRead: build.mutation<{ data: AnnouncementRead }, number>({
      query: (id) => ({ url: `${ANNOUNCEMENTS_API}/markRead/${id}`, method: 'POST' }),
      invalidatesTags: [TAG],
    }),
    audienceRoles: build.query<AudienceRole[], void>({
      query: () => ({
        url: '/operations/user/roles/getRole',
        params: { page: 1, limit: -1, fields: 'role_id,role_name,display_name' },
      }),
      transformResponse: (body: { data?: AudienceRole[] }) => body.data ?? [],
    }),
  }),
});

export const {
  useAnnouncementsQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
  useMarkAnnouncementReadMutation,
  useAudienceRolesQuery,
} = announcementsApi;
