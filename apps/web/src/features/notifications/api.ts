import {
  NOTIFICATION_TAG,
  NOTIFICATIONS_API,
  type NotificationCounts,
  type NotificationItem,
  type NotificationList,
  type NotificationListQuery,
  type NotificationPreferences,
  type NotificationsChanged,
  type UpdatePreferencesBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

const INBOX = `${NOTIFICATIONS_API}/notifications`;
const PREFERENCES = `${NOTIFICATIONS_API}/preferences`;
const PREFERENCES_TAG = 'NotificationPreferences';

/**
 * The inbox (server: /api/notifications). Every read provides the `Notifications` tag, which the
 * server's socket emits name when a notification arrives or changes, so the bell and the page refetch.
 */
export const notificationsApi = api
  .enhanceEndpoints({ addTagTypes: [NOTIFICATION_TAG, PREFERENCES_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      getNotifications: build.query<NotificationList, NotificationListQuery>({
        query: (params) => ({ url: `${INBOX}/getNotifications`, params }),
        providesTags: [NOTIFICATION_TAG],
      }),
      getUnseenCount: build.query<NotificationCounts, void>({
        query: () => ({ url: `${INBOX}/getUnseenCount` }),
        transformResponse: (body: { data: NotificationCounts }) => body.data,
        providesTags: [NOTIFICATION_TAG],
      }),
      markSeen: build.mutation<NotificationsChanged, void>({
        query: () => ({ url: `${INBOX}/markSeen`, method: 'POST' }),
        transformResponse: (body: { data: NotificationsChanged }) => body.data,
        invalidatesTags: [NOTIFICATION_TAG],
      }),
      markAllRead: build.mutation<NotificationsChanged, void>({
        query: () => ({ url: `${INBOX}/markAllRead`, method: 'POST' }),
        transformResponse: (body: { data: NotificationsChanged }) => body.data,
        invalidatesTags: [NOTIFICATION_TAG],
      }),
      markRead: build.mutation<NotificationItem, number>({
        query: (id) => ({ url: `${INBOX}/markRead/${id}`, method: 'PUT' }),
        transformResponse: (body: { data: NotificationItem }) => body.data,
        invalidatesTags: [NOTIFICATION_TAG],
      }),
      archive: build.mutation<NotificationItem, number>({
        query: (id) => ({ url: `${INBOX}/archive/${id}`, method: 'PUT' }),
        transformResponse: (body: { data: NotificationItem }) => body.data,
        invalidatesTags: [NOTIFICATION_TAG],
      }),
      getPreferences: build.query<NotificationPreferences, void>({
        query: () => ({ url: `${PREFERENCES}/getPreferences` }),
        transformResponse: (body: { data: NotificationPreferences }) => body.data,
        providesTags: [PREFERENCES_TAG],
      }),
      updatePreferences: build.mutation<NotificationPreferences, UpdatePreferencesBody>({
        query: (data) => ({ url: `${PREFERENCES}/updatePreferences`, method: 'PUT', data }),
        transformResponse: (body: { data: NotificationPreferences }) => body.data,
        invalidatesTags: [PREFERENCES_TAG],
      }),
    }),
  });

export const {
  useGetNotificationsQuery,
  useGetUnseenCountQuery,
  useMarkSeenMutation,
  useMarkAllReadMutation,
  useMarkReadMutation,
  useArchiveMutation,
  useGetPreferencesQuery,
  useUpdatePreferencesMutation,
} = notificationsApi;
