import { z } from 'zod';
import { LIST_DEFAULTS, USER_SEARCH_DEFAULTS } from '../constants';
import { auditFields, bulkIds, ignoredAuditInput } from '../entities/audit';
import { user } from '../entities/user';
import { getOneQuery, listMeta } from '../list-query';
import { passwordSchema, usernameSchema } from './auth';

/** Where the user service lives (spec section 7: global-user/users, global-user/profile, api/auth). */
export const USERS_API = {
  users: '/operations/global-user/users',
  profile: '/operations/global-user/profile',
  auth: '/api/auth',
} as const;

/** Our own messages of the user service; the spec's ('User not found', ...) are in MESSAGES. */
export const USER_MESSAGES = {
  onlyOwnRecord: 'You may only read or change your own user record.',
  adminOnlyFields: 'Only an administrator may change these fields.',
  roleNotHeld: 'The active role must be one of the roles you hold.',
  unknownRole: 'There is no such role.',
  roleOutsideContext: 'Roles are set for the current context: the main platform or the tenant you are in.',
  roleNotGrantable: 'A tenant administrator cannot grant this role.',
  emailTaken: 'This email address is already in use.',
  emailNeedsCode:
    'A new email address takes effect once confirmed: use "Change email" on your account page, which mails a code to the new address.',
  usernameTaken: 'This username is taken. Choose another.',
  notOwnDisable: 'You cannot disable your own account.',
  usernameRequiredToEnable: 'Username is required to enable a user.',
  notOwnDelete: 'You cannot delete your own account here; use account deletion in settings.',
  nothingToUpdate: 'Send at least one field to change.',
  samePassword: 'Choose a password different from the current one.',
  systemRoleDelete: 'System roles cannot be deleted: sign-up, landing and access rules rely on them.',
  lastPlatformAdmin:
    'The platform must keep at least one administrator: make another user a platform administrator first.',
  lastTenantAdmin:
    'The organisation must keep at least one administrator: make another member an administrator first.',
} as const;

/** Bulk user calls hash a password per item (about 35 ms each), so they take fewer items than the factory. */
export const USERS_BULK_MAX = 100;

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.'))
  .pipe(z.string().max(254));
const name = z.string().trim().min(1, 'Required.').max(100);
/** Optional text a client may clear with null or an empty string. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => null), schema.nullable()]);
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +44 20 7946 0958.');
/** An absolute http(s) address, a path on this site, or a small inline image (settings photo upload). */
const profileImage = z.union([
  z
    .string()
    .max(2000)
    .regex(/^(https?:\/\/|\/(?!\/))\S+$/, 'Use an http(s) address or a path on this site.'),
  z
    .string()
    .max(700_000)
    .regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/, 'Use a PNG, JPEG, WebP or GIF image.'),
]);
/** A path inside the web client; `//host` would be an open redirect, so it is refused. */
const appPath = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Use a path on this site, such as /registration/investor.');

/** A role as a client names it: a bare role_id (current context) or a userRole-like object. */
export const roleRef = z
  .union([
    z.number().int().positive(),
    z.object({
      role_id: z.number().int().positive(),
      tenant_id: z.number().int().positive().nullable().optional(),
    }),
  ])
  .transform((ref) => (typeof ref === 'number' ? { role_id: ref } : ref));
export type RoleRef = z.output<typeof roleRef>;

/** active_role: a role_id, or the role object the client keeps (only its role_id counts). */
export const activeRoleRef = z.union([
  z.number().int().positive(),
  z.object({ role_id: z.number().int().positive() }).transform((ref) => ref.role_id),
]);

/** What a person may change about themselves (spec section 7 "update user", identity issue part 6). */
const selfFields = {
  username: usernameSchema.optional(),
  email: email.optional(),
  firstName: clearable(name).optional(),
  lastName: clearable(name).optional(),
  phone_number: clearable(phone).optional(),
  profile_image: clearable(profileImage).optional(),
  gender: clearable(z.string().trim().max(40)).optional(),
  age: z.number().int().min(0).max(150).nullable().optional(),
  registration_redirect: clearable(appPath).optional(),
  active_role: activeRoleRef.nullable().optional(),
  /** Sent by the client beside active_role (spec section 7); the role's own display name is kept. */
  display_name: z.string().max(100).optional(),
};

/** Fields only an administrator changes (roles also by a tenant admin, inside their tenant). */
const adminFields = {
  roles: z.array(roleRef).max(100).optional(),
  enabled: z.boolean().optional(),
  roll_number: clearable(z.string().trim().max(64)).optional(),
};

export const SELF_UPDATABLE_FIELDS = Object.keys(selfFields) as (keyof typeof selfFields)[];
export const ADMIN_ONLY_FIELDS = Object.keys(adminFields) as (keyof typeof adminFields)[];

const changesSomething = (value: Record<string, unknown>) =>
  Object.keys(value).some((key) => value[key] !== undefined && !(key in ignoredAuditInput));

/** PUT global-user/users/updateUser/{id}. Stamps are taken from the caller, never from the body. */
export const userUpdateBody = z
  .object({ ...selfFields, ...adminFields, ...ignoredAuditInput })
  .strict()
  .refine(changesSomething, USER_MESSAGES.nothingToUpdate);
export type UserUpdateBody = z.input<typeof userUpdateBody>;

/**
 * POST global-user/users/createUser (spec section 7: "create user (roles, registration_redirect)").
 * The client sends it when its lookup answered 404: for the caller's own record it ensures the temp
 * role and the registration redirect; an administrator may create someone else's.
 */
export const userCreateBody = z
  .object({
    user_id: z.number().int().positive().optional(),
    ...selfFields,
    ...adminFields,
    password: passwordSchema.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export type UserCreateBody = z.input<typeof userCreateBody>;

/** POST api/auth/createAuthUser and the createMany calls: a new account made by an administrator. */
export const authUserCreateBody = z
  .object({
    ...selfFields,
    ...adminFields,
    username: usernameSchema,
    email,
    /** Without one the person sets a password through forgot-password. */
    password: passwordSchema.optional(),
    /** The administrator vouches for the address (otherwise the person verifies it with a code). */
    otpVerified: z.boolean().optional(),
    ...ignoredAuditInput,
  })
  .strict();
export type AuthUserCreateBody = z.input<typeof authUserCreateBody>;

const authUserUpdateShape = {
  ...selfFields,
  ...adminFields,
  password: passwordSchema.optional(),
  otpVerified: z.boolean().optional(),
  ...ignoredAuditInput,
};

/** PUT api/auth/updateAuthUser/{id}: any field, for an administrator; a new password ends sessions. */
export const authUserUpdateBody = z
  .object(authUserUpdateShape)
  .strict()
  .refine(changesSomething, USER_MESSAGES.nothingToUpdate);
export type AuthUserUpdateBody = z.input<typeof authUserUpdateBody>;

export const authUserUpdateItem = z
  .object({ user_id: z.number().int().positive(), ...authUserUpdateShape })
  .strict();

export const usersCreateMany = z.array(authUserCreateBody).min(1).max(USERS_BULK_MAX);
export const usersUpdateMany = z.array(authUserUpdateItem).min(1).max(USERS_BULK_MAX);
/** PUT api/auth/deleteMany {user_ids, deleted_by} (spec section 7); deleted_by is the caller. */
export const usersDeleteMany = z.object({ user_ids: bulkIds, ...ignoredAuditInput }).strict();

/** GET getUser/{id}: a field list, and the email to look up when the id is not a number (spec section 5). */
export const userGetOneQuery = getOneQuery.extend({ email: email.optional() });

/** GET global-user/profile/getUser: the caller, or one user by id, email or username. */
export const profileGetUserQuery = z
  .object({
    user_id: z.coerce.number().int().positive().optional(),
    email: email.optional(),
    username: z.string().trim().toLowerCase().min(1).max(254).optional(),
  })
  .strict();

/** The attributes of "update profile (userId, username, email, attributes)" (spec section 7). */
export const profileAttributes = z
  .object({
    firstName: selfFields.firstName,
    lastName: selfFields.lastName,
    phone_number: selfFields.phone_number,
    profile_image: selfFields.profile_image,
    gender: selfFields.gender,
    age: selfFields.age,
    registration_redirect: selfFields.registration_redirect,
  })
  .strict();

/** PUT global-user/profile/update. */
export const profileUpdateBody = z
  .object({
    userId: z.number().int().positive().optional(),
    username: selfFields.username,
    email: selfFields.email,
    firstName: selfFields.firstName,
    lastName: selfFields.lastName,
    attributes: profileAttributes.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export type ProfileUpdateBody = z.input<typeof profileUpdateBody>;

/** PUT global-user/profile/update-password: the caller's own password. */
export const profileUpdatePasswordBody = z
  .object({ old_password: z.string().min(1).max(1024), new_password: passwordSchema })
  .strict()
  .refine((value) => value.old_password !== value.new_password, {
    message: USER_MESSAGES.samePassword,
    path: ['new_password'],
  });

/** `role_ids=3,4` or `role_ids=3&role_ids=4` (spec section 7: arrays as comma lists). */
const commaParts = z
  .union([z.string().max(2000), z.array(z.string().max(2000)).max(100)])
  .transform((value) =>
    (Array.isArray(value) ? value.join(',') : value)
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  );
const commaIds = commaParts.pipe(z.array(z.coerce.number<string>().int().positive()).max(100));
const commaWords = commaParts.pipe(z.array(z.string().max(40)).max(100));
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');

export const USER_SEARCH_SORT_FIELDS = [
  'user_id',
  'username',
  'email',
  'firstName',
  'lastName',
  'created_at',
] as const;

/** GET api/auth/searchUsers: page 1 and limit 10 by default (spec section 9), server-side pagination. */
export const searchUsersQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(USER_SEARCH_DEFAULTS.page),
    limit: z.coerce.number().int().min(1).max(100).default(USER_SEARCH_DEFAULTS.limit),
    search: z.string().trim().max(200).optional(),
    role_ids: commaIds.optional(),
    tenant_ids: commaIds.optional(),
    user_ids: commaIds.optional(),
    gender: commaWords.optional(),
    enabled: flag.optional(),
    otpVerified: flag.optional(),
    sortField: z.enum(USER_SEARCH_SORT_FIELDS).default('user_id'),
    sortOrder: z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(z.enum(['asc', 'desc']))
      .default(LIST_DEFAULTS.sortOrder),
  })
  .strict();
export type SearchUsersQuery = z.input<typeof searchUsersQuery>;

export const userEnvelope = z.object({ data: user });
export const usersEnvelope = z.object({ data: z.array(user) });
export const searchUsersResult = z.object({
  data: z.array(user),
  meta: listMeta.pick({ page: true, limit: true, total: true, totalPages: true }),
});

/** A row of the generic user list (getUser, profile getAll): flat columns, no roles, no secrets. */
export const userListItem = z.object({
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  enabled: z.boolean(),
  otpVerified: z.boolean(),
  phone_number: z.string().nullable(),
  profile_image: z.string().nullable(),
  age: z.number().int().nullable(),
  gender: z.string().nullable(),
  roll_number: z.string().nullable(),
  registration_redirect: z.string().nullable(),
  active_role_id: z.number().int().nullable(),
  ...auditFields,
});
export type UserListItem = z.infer<typeof userListItem>;

export const otpVerifiedResult = z.object({
  data: z.object({ user_id: z.number().int(), otpVerified: z.boolean() }),
});

export const enableUserResult = z.object({
  data: z.object({ user_id: z.number().int(), username: z.string(), enabled: z.boolean() }),
});

export const disableUserResult = z.object({
  data: z.object({
    user_id: z.number().int(),
    username: z.string(),
    enabled: z.boolean(),
    sessions_ended: z.number().int(),
  }),
});

export const passwordChangedResult = z.object({
  data: z.object({ message: z.string(), sessions_ended: z.number().int() }),
});
