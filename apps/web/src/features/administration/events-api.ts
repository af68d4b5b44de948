import {
  DOMAIN_EVENTS_API,
  type DomainEventItem,
  type DomainEventList,
  type DomainEventStatus,
} from '@nexus/contracts';
import { adminApi } from './api';

export interface DomainEventsArgs {
  page: number;
  limit: number;
  status?: DomainEventStatus;
}

/** The platform administrator's view of the domain event outbox (docs/events.md "Admin view"). */
export const eventsApi = adminApi.enhanceEndpoints({ addTagTypes: ['DomainEvent'] }).injectEndpoints({
  endpoints: (build) => ({
    domainEvents: build.query<DomainEventList, DomainEventsArgs>({
      query: ({ page, limit, status }) => ({
        url: `${DOMAIN_EVENTS_API}/getDomainEvents`,
        params: { page, limit, ...(status ? { status } : {}) },
      }),
      providesTags: ['DomainEvent'],
    }),
    retryDomainEvent: build.mutation<{ data: DomainEventItem }, string>({
      query: (id) => ({ url: `${DOMAIN_EVENTS_API}/retryDomainEvent/${id}`, method: 'POST' }),
      invalidatesTags: ['DomainEvent'],
    }),
  }),
});

export const { useDomainEventsQuery, useRetryDomainEventMutation } = eventsApi;
