import { z } from 'zod';
import { LIST_DEFAULTS } from '../constants';
import { listMeta } from '../list-query';
import { pathId } from '../path-params';

/**
 * Invitation links `/{hash}` (spec section 2; identity issue part 11). The link carries a random
 * token; the server keeps only its SHA-256, so a read of the table cannot be turned into links.
 * docs/profiles.md ("Invitations") gives who may invite whom.
 */
export const INVITATIONS_API = '/api/invitations';

export const INVITATION_LIMITS = {
  expiresInDaysMin: 1,
  expiresInDaysMax: 90,
  expiresInDaysDefault: 14,
  maxUsesMin: 1,
  maxUsesMax: 1000,
  /** 32 random bytes in base64url, no padding. */
  tokenLength: 43,
} as const;

/** The role a member (not an administrator) may invite people into, on the main platform only. */
export const MEMBER_INVITABLE_ROLE_ID = 13;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * True when a path segment has the shape of an invitation token. `/:hash` matches every single-segment
 * path, so the web shows the 404 page for anything else, exactly as for an unknown path.
 */
export function isInvitationToken(value: string | undefined | null): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

export const INVITATION_MESSAGES = {
  notFound: 'This invitation link is not valid.',
  expired: 'This invitation has expired. Ask the person who invited you for a new link.',
  used: 'This invitation has already been used as many times as it allows.',
  revoked: 'This invitation has been withdrawn by the person who sent it.',
  wrongEmail: 'This invitation was sent to another email address. Sign in with that address to accept it.',
  unverifiedEmail: 'Confirm your email address before accepting this invitation.',
  memberRoleOnly: 'Members may invite people as Individuals on the main platform only.',
  tenantAdminOwnTenant: 'Tenant administrators may invite people into their own organisation only.',
  adminRoleRefused: 'Only a platform administrator may invite people into an administrator role.',
  roleNotInvitable: 'People cannot be invited into this role.',
  tenantNeeded: 'An administrator role needs an organisation: choose a tenant.',
  unknownTenant: 'There is no such organisation.',
  tempUser: 'Finish choosing what you are on Nexus before inviting others.',
  accepted: 'Invitation accepted.',
  alreadyAccepted: 'You have already accepted this invitation.',
  revokedNow: 'Invitation revoked.',
  resent: 'Invitation sent again with a new link; the old link no longer works.',
  notPending: 'Only an invitation that has not been used or withdrawn can be sent again.',
} as const;

export const INVITATION_STATUSES = ['valid', 'expired', 'used', 'revoked', 'not_found'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const createInvitationBody = z
  .object({
    role_id: z.number('Choose a role.').int().positive('Choose a role.'),
    tenant_id: z.number().int().positive().nullable().optional(),
    /** Only this address may accept; an empty string means anyone with the link. */
    email: z
      .string()
      .trim()
      .toLowerCase()
      .transform((value) => (value === '' ? null : value))
      .pipe(z.email('Enter a valid email address.').max(254, 'Enter a valid email address.').nullable())
      .nullable()
      .optional(),
    expires_in_days: z
      .number('Expiry must be a number of days.')
      .int('Expiry must be a whole number of days.')
      .min(INVITATION_LIMITS.expiresInDaysMin, 'An invitation lasts at least 1 day.')
      .max(INVITATION_LIMITS.expiresInDaysMax, 'An invitation lasts at most 90 days.')
      .default(INVITATION_LIMITS.expiresInDaysDefault),
    max_uses: z
      .number('Uses must be a number.')
      .int('Uses must be a whole number.')
      .min(INVITATION_LIMITS.maxUsesMin, 'An invitation allows at least 1 use.')
      .max(INVITATION_LIMITS.maxUsesMax, 'An invitation allows at most 1000 uses.')
      .default(1),
  })
  .strict();
export type CreateInvitationBody = z.input<typeof createInvitationBody>;

/** Answer of createInvitation: the only moment the link exists in full. */
export const invitationCreated = z.object({
  invitation_id: z.number().int(),
  url: z.string(),
  expires_at: z.string(),
});
export type InvitationCreated = z.infer<typeof invitationCreated>;

export const invitationTokenParams = z
  .object({ hash: z.string().regex(TOKEN_PATTERN, 'This is not an invitation link.') })
  .strict();

/** What anyone holding the link may learn: its state, the role and the organisation. Nothing else. */
export const invitationPreview = z.object({
  status: z.enum(INVITATION_STATUSES),
  role_display_name: z.string().nullable(),
  tenant_name: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof invitationPreview>;

export const invitationAccepted = z.object({
  status: z.enum(['applied', 'already_applied']),
  role_id: z.number().int(),
  role_display_name: z.string(),
  tenant_id: z.number().int().nullable(),
});
export type InvitationAccepted = z.infer<typeof invitationAccepted>;

/** One of the caller's own invitations, for the list on /settings. No token: it is not stored. */
export const invitationItem = z.object({
  invitation_id: z.number().int(),
  role_id: z.number().int(),
  role_display_name: z.string(),
  tenant_id: z.number().int().nullable(),
  tenant_name: z.string().nullable(),
  email: z.string().nullable(),
  max_uses: z.number().int(),
  uses: z.number().int(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  status: z.enum(INVITATION_STATUSES),
});
export type InvitationItem = z.infer<typeof invitationItem>;

/** The list pattern's page, limit (-1 all) and sort order; newest first by default. */
export const invitationListQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(LIST_DEFAULTS.page),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => n === LIST_DEFAULTS.allRows || (n >= 1 && n <= 100), 'limit must be -1 or 1 to 100')
      .default(LIST_DEFAULTS.limit),
    sortOrder: z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(z.enum(['asc', 'desc']))
      .default(LIST_DEFAULTS.sortOrder),
  })
  .strict();
export type InvitationListQuery = z.input<typeof invitationListQuery>;

export const invitationList = z.object({ data: z.array(invitationItem), meta: listMeta });
export type InvitationList = z.infer<typeof invitationList>;

export const invitationIdParams = z.object({ id: pathId }).strict();

/** Answer of resendInvitation: a fresh link replaces the old one; it is mailed when the invitation names an address. */
export const invitationResent = z.object({
  message: z.string(),
  invitation: invitationItem,
  /** Only for an invitation open to anyone with the link: one bound to an address is mailed there. */
  url: z.string().nullable(),
});
export type InvitationResent = z.infer<typeof invitationResent>;

/** The current organisation's invitations for its administrators; `pending` keeps the ones still usable or expired. */
export const tenantInvitationListQuery = invitationListQuery.extend({
  pending: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type TenantInvitationListQuery = z.input<typeof tenantInvitationListQuery>;
