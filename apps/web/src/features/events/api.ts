import {
  EVENT_REALTIME,
  EVENT_REGISTRATIONS_API,
  EVENTS_API,
  type EventCreate,
  type EventItem,
  type EventMode,
  type EventRegistrationItem,
  type EventRegistrationStatus,
  type EventTicket,
  type EventUpdate,
  type ListMeta,
  type MyEventRegistration,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface EventPage {
  data: EventItem[];
  meta: ListMeta;
}

export interface EventListArgs {
  page: number;
  limit: number;
  when: 'upcoming' | 'past' | 'all';
  search?: string;
  mode?: EventMode;
  view?: 'discover' | 'manage';
}

export interface RegistrationPage {
  data: EventRegistrationItem[];
  meta: ListMeta;
}

export interface RegistrationListArgs {
  eventId: number;
  page: number;
  limit: number;
  search?: string;
  status?: EventRegistrationStatus;
}

export interface CheckInResult {
  registration_id: number;
  name: string;
  checked_in_at: string;
  checked_in_count: number;
  message: string;
}

const EVENT = EVENT_REALTIME.tag;
const REGISTRATION = EVENT_REALTIME.registrationTag;

/** Drops empty filters so the list is called with only what the person chose. */
function listParams(args: EventListArgs) {
  const params: Record<string, string | number> = { page: args.page, limit: args.limit, when: args.when };
  if (args.search) params.search = args.search;
  if (args.mode) params.mode = args.mode;
  if (args.view && args.view !== 'discover') params.view = args.view;
  return params;
}

/**
 * Events (issue 17; docs/events-area.md). Lists and details provide `Event`, registrations and
 * tickets `EventRegistration`; every change invalidates both, since a registration moves the seats.
 */
export const eventsApi = api.enhanceEndpoints({ addTagTypes: [EVENT, REGISTRATION] }).injectEndpoints({
  endpoints: (build) => ({
    events: build.query<EventPage, EventListArgs>({
      query: (args) => ({ url: `${EVENTS_API}/getEvents`, params: listParams(args) }),
      providesTags: [EVENT],
    }),
    event: build.query<EventItem, number>({
      query: (id) => ({ url: `${EVENTS_API}/getEvent/${id}` }),
      transformResponse: (body: { data: EventItem }) => body.data,
      providesTags: [EVENT],
    }),
    createEvent: build.mutation<EventItem, EventCreate>({
      query: (data) => ({ url: `${EVENTS_API}/createEvent`, method: 'POST', data }),
      transformResponse: (body: { data: EventItem }) => body.data,
      invalidatesTags: [EVENT],
    }),
    updateEvent: build.mutation<EventItem, { id: number; changes: EventUpdate }>({
      query: ({ id, changes }) => ({ url: `${EVENTS_API}/updateEvent/${id}`, method: 'PUT', data: changes }),
      transformResponse: (body: { data: EventItem }) => body.data,
      invalidatesTags: [EVENT, REGISTRATION],
    }),
    myRegistration: build.query<MyEventRegistration, number>({
      query: (eventId) => ({ url: `${EVENT_REGISTRATIONS_API}/getMyRegistration/${eventId}` }),
      transformResponse: (body: { data: MyEventRegistration }) => body.data,
      providesTags: [REGISTRATION],
    }),
    register: build.mutation<MyEventRegistration, { eventId: number; answers: Record<string, string> }>({
      query: ({ eventId, answers }) => ({
        url: `${EVENT_REGISTRATIONS_API}/createRegistration/${eventId}`,
        method: 'POST',
        data: { answers },
      }),
      transformResponse: (body: { data: MyEventRegistration }) => body.data,
      invalidatesTags: [EVENT, REGISTRATION],
    }),
    changeMyRegistration: build.mutation<
      MyEventRegistration,
      { eventId: number; verb: 'cancelRegistration' | 'acceptOffer' | 'declineOffer' }
    >({
      query: ({ eventId, verb }) => ({ url: `${EVENT_REGISTRATIONS_API}/${verb}/${eventId}`, method: 'PUT' }),
      transformResponse: (body: { data: MyEventRegistration }) => body.data,
      invalidatesTags: [EVENT, REGISTRATION],
    }),
    ticket: build.query<EventTicket, number>({
      query: (eventId) => ({ url: `${EVENT_REGISTRATIONS_API}/getTicket/${eventId}` }),
      transformResponse: (body: { data: EventTicket }) => body.data,
      providesTags: [REGISTRATION],
    }),
    registrations: build.query<RegistrationPage, RegistrationListArgs>({
      query: ({ eventId, ...rest }) => {
        const params: Record<string, string | number> = { page: rest.page, limit: rest.limit };
        if (rest.search) params.search = rest.search;
        if (rest.status) params.status = rest.status;
        return { url: `${EVENT_REGISTRATIONS_API}/getRegistrations/${eventId}`, params };
      },
      providesTags: [REGISTRATION],
    }),
    decideRegistration: build.mutation<
      unknown,
      { eventId: number; registrationId: number; verb: 'approveRegistration' | 'declineRegistration' }
    >({
      query: ({ eventId, registrationId, verb }) => ({
        url: `${EVENT_REGISTRATIONS_API}/${verb}/${eventId}/${registrationId}`,
        method: 'PUT',
      }),
      invalidatesTags: [EVENT, REGISTRATION],
    }),
    checkIn: build.mutation<
      CheckInResult,
      { eventId: number; ticket_code?: string; registration_id?: number }
    >({
      query: ({ eventId, ...data }) => ({
        url: `${EVENT_REGISTRATIONS_API}/checkIn/${eventId}`,
        method: 'POST',
        data,
      }),
      transformResponse: (body: { data: CheckInResult }) => body.data,
      invalidatesTags: [REGISTRATION],
    }),
    issueCertificates: build.mutation<{ issued: number; holders: number; message: string }, number>({
      query: (eventId) => ({
        url: `${EVENT_REGISTRATIONS_API}/issueCertificates/${eventId}`,
        method: 'POST',
      }),
      transformResponse: (body: { data: { issued: number; holders: number; message: string } }) => body.data,
      invalidatesTags: [REGISTRATION],
    }),
    checkInCount: build.query<{ event_id: number; checked_in: number; confirmed: number }, number>({
      query: (eventId) => ({ url: `${EVENT_REGISTRATIONS_API}/getCheckInCount/${eventId}` }),
      transformResponse: (body: { data: { event_id: number; checked_in: number; confirmed: number } }) =>
        body.data,
      providesTags: [REGISTRATION],
    }),
  }),
});

export const {
  useEventsQuery,
  useEventQuery,
  useCreateEventMutation,
  useUpdateEventMutation,
  useMyRegistrationQuery,
  useRegisterMutation,
  useChangeMyRegistrationMutation,
  useTicketQuery,
  useRegistrationsQuery,
  useDecideRegistrationMutation,
  useCheckInMutation,
  useCheckInCountQuery,
  useIssueCertificatesMutation,
} = eventsApi;

export const exportRegistrationsUrl = (eventId: number) =>
  `${EVENT_REGISTRATIONS_API}/exportRegistrations/${eventId}`;
