import {
  type MySettings,
  PROFILES_API,
  type ProfileView,
  type UpdateMyProfileBody,
  type UpdateMySettingsBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

/** The caller's own account: profile fields, settings, other sessions and account deletion. */
export const settingsApi = api.enhanceEndpoints({ addTagTypes: ['Profile', 'MySettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getMyProfile: build.query<ProfileView, number>({
      query: (userId) => ({ url: `${PROFILES_API}/getProfile/${userId}` }),
      transformResponse: (body: { data: ProfileView }) => body.data,
      providesTags: (_result, _error, userId) => [{ type: 'Profile', id: userId }],
    }),
    updateMyProfile: build.mutation<ProfileView, UpdateMyProfileBody>({
      query: (data) => ({ url: `${PROFILES_API}/updateMyProfile`, method: 'PUT', data }),
      transformResponse: (body: { data: ProfileView }) => body.data,
      invalidatesTags: ['Profile'],
    }),
    getMySettings: build.query<MySettings, void>({
      query: () => ({ url: `${PROFILES_API}/settings/getMySettings` }),
      transformResponse: (body: { data: MySettings }) => body.data,
      providesTags: ['MySettings'],
    }),
    updateMySettings: build.mutation<MySettings, UpdateMySettingsBody>({
      query: (data) => ({ url: `${PROFILES_API}/settings/updateMySettings`, method: 'PUT', data }),
      transformResponse: (body: { data: MySettings }) => body.data,
      // Visibility decides who sees the profile and which members the directory lists.
      invalidatesTags: ['MySettings', 'Profile'],
      async onQueryStarted(changes, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          settingsApi.util.updateQueryData('getMySettings', undefined, (draft) =>
            Object.assign(draft, changes),
          ),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
    }),
    /** Ends every session of the caller except this one (POST /api/auth/signoutOthers). */
    signOutOthers: build.mutation<unknown, void>({
      query: () => ({ url: '/api/auth/signoutOthers', method: 'POST' }),
    }),
    /** Erases the caller's account once the password is confirmed (POST /api/auth/deleteAccount). */
    deleteAccount: build.mutation<unknown, { password: string }>({
      query: (data) => ({ url: '/api/auth/deleteAccount', method: 'POST', data }),
    }),
  }),
});

export const {
  useGetMyProfileQuery,
  useUpdateMyProfileMutation,
  useGetMySettingsQuery,
  useUpdateMySettingsMutation,
  useSignOutOthersMutation,
  useDeleteAccountMutation,
} = settingsApi;
