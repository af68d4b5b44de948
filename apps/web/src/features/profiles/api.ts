import {
  PROFILES_API,
  type ProfileList,
  type ProfileSection,
  type ProfileSectionRecord,
  type ProfileView,
  type SearchProfilesQuery,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface SaveSectionArgs {
  section: ProfileSection;
  values: Record<string, unknown>;
}

/** Profiles, the directory and profile sections (server: /api/profiles, docs/profiles.md). */
export const profilesApi = api
  .enhanceEndpoints({ addTagTypes: ['Profile', 'ProfileSection'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getProfile: build.query<ProfileView, number>({
        query: (userId) => ({ url: `${PROFILES_API}/getProfile/${userId}` }),
        transformResponse: (body: { data: ProfileView }) => body.data,
        providesTags: (_result, _error, userId) => [{ type: 'Profile', id: userId }],
      }),
      searchProfiles: build.query<ProfileList, SearchProfilesQuery>({
        query: (params) => ({ url: `${PROFILES_API}/searchProfiles`, params }),
        providesTags: [{ type: 'Profile', id: 'LIST' }],
      }),
      /** The caller's own section, or null before the first save. */
      getMySection: build.query<ProfileSectionRecord | null, ProfileSection>({
        query: (section) => ({ url: `${PROFILES_API}/getSection/${section}` }),
        transformResponse: (body: { data: ProfileSectionRecord | null }) => body.data,
        providesTags: (_result, _error, section) => [{ type: 'ProfileSection', id: `me:${section}` }],
      }),
      getUserSection: build.query<ProfileSectionRecord, { userId: number; section: ProfileSection }>({
        query: ({ userId, section }) => ({ url: `${PROFILES_API}/getUserSection/${userId}/${section}` }),
        transformResponse: (body: { data: ProfileSectionRecord }) => body.data,
        providesTags: (_result, _error, { userId, section }) => [
          { type: 'ProfileSection', id: `${userId}:${section}` },
        ],
      }),
      saveSection: build.mutation<ProfileSectionRecord, SaveSectionArgs>({
        query: ({ section, values }) => ({
          url: `${PROFILES_API}/saveSection/${section}`,
          method: 'PUT',
          data: values,
        }),
        transformResponse: (body: { data: ProfileSectionRecord }) => body.data,
        // The owner's profile page lists the section too, and the user-section view may show it.
        invalidatesTags: (_result, _error, { section }) => [
          { type: 'ProfileSection', id: `me:${section}` },
          'Profile',
          'ProfileSection',
        ],
      }),
    }),
  });

export const {
  useGetProfileQuery,
  useSearchProfilesQuery,
  useGetMySectionQuery,
  useGetUserSectionQuery,
  useSaveSectionMutation,
} = profilesApi;
