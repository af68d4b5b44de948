import { z } from 'zod';

/**
 * Seats of a subscription (`/license-ums/{licenseId}`): a seat is a member of the subscription's
 * tenant, i.e. a user holding a live role there; that is what `current_usage.users` counts.
 */
export const SEAT_MESSAGES = {
  /** The same answer whether or not an account uses the address (issue 14 item 1). */
  invited: 'Invitation sent. The seat is taken when they accept it.',
  role: 'Choose a role of this organisation.',
  own: 'You cannot revoke your own seat.',
  notSeated: 'This user holds no seat in this organisation.',
} as const;

export const SEATS_MAX_LIMIT = 100;

export const seatsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(SEATS_MAX_LIMIT).default(10),
    search: z.string().trim().max(200).optional(),
  })
  .strict();
export type SeatsQuery = z.input<typeof seatsQuery>;

export const assignSeatBody = z
  .object({
    email: z
      .email('Enter a valid email address.')
      .max(254)
      .transform((email) => email.toLowerCase()),
    role_id: z.number().int().positive(),
  })
  .strict();
export type AssignSeatBody = z.input<typeof assignSeatBody>;

/** assignSeat's answer (202): an invitation, never a seat taken without the person's consent. */
export const seatInvitation = z.object({
  message: z.string(),
  email: z.string(),
  role_id: z.number().int(),
  tenant_id: z.number().int(),
  invitation_id: z.number().int(),
  expires_at: z.string(),
});
export type SeatInvitation = z.infer<typeof seatInvitation>;

export const seat = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  roles: z.array(z.object({ role_id: z.number().int(), role_name: z.string(), display_name: z.string() })),
  since: z.string(),
});
export type Seat = z.infer<typeof seat>;

/** seats list (getSeats/{id}). */
export const seatList = z.object({
  data: z.array(seat),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    /** The license's tenant: a platform administrator opening /license-ums/{id} alone is taken to it. */
    tenant_id: z.number().int(),
  }),
});
export type SeatList = z.infer<typeof seatList>;

/** revokeSeat's answer: how many of the user's roles in the tenant were removed. */
export const seatRevoked = z.object({
  user_id: z.number().int(),
  tenant_id: z.number().int(),
  removed_roles: z.number().int(),
});
