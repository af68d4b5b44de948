import {
  CALENDAR_API,
  type CalendarFeed,
  type CalendarFeedCheck,
  type CalendarItemsAnswer,
  type CalendarUserList,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface CalendarRangeArgs {
  start: string;
  end: string;
}

/** The address of one item's .ics file (fetched through the API client by downloadFile). */
export const itemDownloadUrl = (uid: string) => `${CALENDAR_API}/downloadItem/${encodeURIComponent(uid)}`;

/** The calendar (issue 16, point 4): items, the personal feed address, and an admin's feed check. */
export const calendarApi = api
  .enhanceEndpoints({ addTagTypes: ['CalendarItems', 'CalendarFeed'] })
  .injectEndpoints({
    endpoints: (build) => ({
      calendarItems: build.query<CalendarItemsAnswer, CalendarRangeArgs>({
        query: (params) => ({ url: `${CALENDAR_API}/getItems`, params }),
        providesTags: ['CalendarItems'],
      }),
      calendarFeed: build.query<CalendarFeed, void>({
        query: () => ({ url: `${CALENDAR_API}/getFeedUrl` }),
        transformResponse: (body: { data: CalendarFeed }) => body.data,
        providesTags: ['CalendarFeed'],
      }),
      resetCalendarFeed: build.mutation<CalendarFeed, void>({
        query: () => ({ url: `${CALENDAR_API}/resetFeedToken`, method: 'POST' }),
        transformResponse: (body: { data: CalendarFeed }) => body.data,
        invalidatesTags: ['CalendarFeed'],
      }),
      calendarUsers: build.query<CalendarUserList, { search?: string; page?: number }>({
        query: ({ search, page }) => ({
          url: `${CALENDAR_API}/getUsers`,
          params: { ...(search ? { search } : {}), ...(page && page > 1 ? { page } : {}) },
        }),
      }),
      calendarFeedCheck: build.query<CalendarFeedCheck, number>({
        query: (userId) => ({ url: `${CALENDAR_API}/checkFeed/${userId}` }),
        transformResponse: (body: { data: CalendarFeedCheck }) => body.data,
        providesTags: ['CalendarFeed'],
      }),
    }),
  });

export const {
  useCalendarItemsQuery,
  useCalendarFeedQuery,
  useResetCalendarFeedMutation,
  useCalendarUsersQuery,
  useCalendarFeedCheckQuery,
} = calendarApi;
