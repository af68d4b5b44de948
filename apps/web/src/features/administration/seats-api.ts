import type { SeatInvitation, SeatList } from '@nexus/contracts';
import { adminApi, SUBSCRIPTIONS_BASE } from './api';

export interface SeatsArgs {
  subscriptionId: number;
  page: number;
  limit: number;
  search?: string;
}

/** Seats of a subscription (docs/tenancy.md "Seats"): the tenant's members, assigned and revoked by its admins. */
export const seatsApi = adminApi.enhanceEndpoints({ addTagTypes: ['Seat'] }).injectEndpoints({
  endpoints: (build) => ({
    seats: build.query<SeatList, SeatsArgs>({
      query: ({ subscriptionId, page, limit, search }) => ({
        url: `${SUBSCRIPTIONS_BASE}/getSeats/${subscriptionId}`,
        params: { page, limit, ...(search ? { search } : {}) },
      }),
      providesTags: ['Seat'],
    }),
    /** Mails an invitation; the seat is taken when the person accepts it (202, same for any address). */
    assignSeat: build.mutation<
      { data: SeatInvitation },
      { subscriptionId: number; email: string; role_id: number }
    >({
      query: ({ subscriptionId, ...data }) => ({
        url: `${SUBSCRIPTIONS_BASE}/assignSeat/${subscriptionId}`,
        method: 'POST',
        data,
      }),
      invalidatesTags: ['Seat', 'Subscription', 'AdminUser'],
    }),
    revokeSeat: build.mutation<unknown, { subscriptionId: number; userId: number }>({
      query: ({ subscriptionId, userId }) => ({
        url: `${SUBSCRIPTIONS_BASE}/revokeSeat/${subscriptionId}/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Seat', 'Subscription', 'AdminUser'],
    }),
  }),
});

export const { useSeatsQuery, useAssignSeatMutation, useRevokeSeatMutation } = seatsApi;
