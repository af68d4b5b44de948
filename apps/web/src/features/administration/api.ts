import type {
  AuditEventOut,
  CreatedTenant,
  GroupUserRow,
  groupUserCreate,
  ListMeta,
  ListQuery,
  Menu,
  menuCreate,
  PlanName,
  PrivilegeRow,
  RecentChangesQuery,
  RoleRow,
  SearchUsersQuery,
  searchUsersResult,
  TenantListItem,
  TenantOut,
  TenantSubscription,
  UsageLimits,
  User,
  UserSetting,
  UserTenant,
} from '@nexus/contracts';
import {
  INVITATIONS_API,
  type InvitationList,
  type InvitationResent,
  type TenantInvitationListQuery,
} from '@nexus/contracts';
import type { z } from 'zod';
import { api } from '../../app/api';
import type { TenantType } from './tenant-types';

// The server's answers, typed from packages/contracts (the schemas the server validates with), so a
// change on one side fails the type check on the other instead of drifting.

/** The generic list answer of spec section 7. */
export type { ListMeta };
export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

/** Query of the generic list pattern (spec section 7) before it is sent: objects become JSON. */
export type ListArgs = Partial<
  Pick<ListQuery, 'page' | 'limit' | 'search' | 'sortField' | 'sortOrder' | 'searchFields' | 'filterFields'>
>;

/** What the admin screens read of a user: a getUser row, or getUser/{id} with the roles it holds. */
export type AdminUser = Pick<
  User,
  'user_id' | 'username' | 'email' | 'firstName' | 'lastName' | 'enabled' | 'roles'
>;
/** searchUsers (platform admins): the generic list's search, sort and page, answered with roles. */
export type SearchUsersArgs = SearchUsersQuery;
export type SearchUsersResult = z.infer<typeof searchUsersResult>;
export type AdminRole = RoleRow;
export type Privilege = PrivilegeRow;
export type CustomMenu = Menu;
export type GroupUser = GroupUserRow;
export type { UserSetting };
export type AuditEvent = AuditEventOut;
export type RecentChangesArgs = RecentChangesQuery;
export type Tenant = TenantListItem;
export type { CreatedTenant, PlanName, TenantOut };
export type Usage = UsageLimits;
export type Subscription = TenantSubscription;

export const USERS_BASE = '/operations/global-user/users';
export const OPS_USER = '/operations/user';
export const MENUS_BASE = '/operations/system/customMenus';
export const TENANTS_BASE = '/api/user/tenants';
export const SUBSCRIPTIONS_BASE = '/api/user/tenant-subscriptions';

/** Spec section 7: page and limit as numbers, the rest as strings or JSON; empty values are left out. */
export function listParams(args: ListArgs = {}): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page ?? 1, limit: args.limit ?? 10 };
  if (args.search) params.search = args.search;
  if (args.sortField) params.sortField = args.sortField;
  if (args.sortOrder) params.sortOrder = args.sortOrder;
  if (args.searchFields) params.searchFields = JSON.stringify(args.searchFields);
  if (args.filterFields) params.filterFields = JSON.stringify(args.filterFields);
  return params;
}

const ALL = { page: 1, limit: -1 };

/**
 * Administration calls (spec section 7): users, roles, custom roles, privileges, menus, group users,
 * user settings, tenants and subscriptions. Deletes carry the acting user's id in the path.
 */
export const adminApi = api
  .enhanceEndpoints({
    addTagTypes: [
      'AdminUser',
      'Privilege',
      'CustomRole',
      'GroupUser',
      'UserSetting',
      'Subscription',
      'Member',
      'TenantInvitation',
    ],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      listUsers: build.query<ListResult<AdminUser>, ListArgs>({
        query: (args) => ({ url: `${USERS_BASE}/getUser`, params: listParams(args) }),
        providesTags: ['AdminUser'],
      }),
      /** One user by email: a tenant admin finds the members of its tenant (others answer 404). */
      findUserByEmail: build.query<AdminUser, string>({
        query: (email) => ({ url: `${USERS_BASE}/getUser/${encodeURIComponent(email)}` }),
        transformResponse: (body: { data: AdminUser }) => body.data,
      }),
      /** One user with the roles they hold in the caller's context (a tenant admin: this tenant only). */
      getAdminUser: build.query<AdminUser, number>({
        query: (id) => ({ url: `${USERS_BASE}/getUser/${id}` }),
        transformResponse: (body: { data: AdminUser }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'AdminUser', id }],
      }),
      /**
       * Replaces the user's roles in the current context (docs/identity-users.md): inside a tenant, the
       * roles held there. An empty list removes them from the tenant.
       */
      setUserRoles: build.mutation<AdminUser, { id: number; roles: number[]; modified_by: number }>({
        query: ({ id, ...data }) => ({ url: `${USERS_BASE}/updateUser/${id}`, method: 'PUT', data }),
        invalidatesTags: ['AdminUser', 'Subscription'],
      }),
      /** The current organisation's invitations that are neither used nor withdrawn. */
      tenantInvitations: build.query<InvitationList, TenantInvitationListQuery>({
        query: (params) => ({ url: `${INVITATIONS_API}/getTenantInvitations`, params }),
        providesTags: ['TenantInvitation'],
      }),
      resendInvitation: build.mutation<InvitationResent, number>({
        query: (id) => ({ url: `${INVITATIONS_API}/resendInvitation/${id}`, method: 'POST' }),
        transformResponse: (body: { data: InvitationResent }) => body.data,
        invalidatesTags: ['TenantInvitation'],
      }),
      disableUser: build.mutation<void, string>({
        query: (username) => ({
          url: `/operations/global-user/profile/users/${encodeURIComponent(username)}/disable`,
          method: 'PUT',
          data: {},
        }),
        invalidatesTags: ['AdminUser'],
      }),
      enableUser: build.mutation<void, string>({
        query: (username) => ({
          url: `/operations/global-user/profile/users/${encodeURIComponent(username)}/enable`,
          method: 'PUT',
          data: {},
        }),
        invalidatesTags: ['AdminUser'],
      }),
      searchUsers: build.query<SearchUsersResult, SearchUsersArgs>({
        query: (args) => ({
          url: '/api/auth/searchUsers',
          params: Object.fromEntries(
            Object.entries(args).filter(([, value]) => value !== undefined && value !== ''),
          ),
        }),
        providesTags: ['AdminUser'],
      }),
      listRoles: build.query<ListResult<AdminRole>, void>({
        query: () => ({ url: `${OPS_USER}/roles/getRole`, params: ALL }),
        providesTags: ['Role'],
      }),
      // Whether this context lets the caller create, change and delete custom roles (docs/permissions.md).
      myRights: build.query<{ manage_custom_roles: boolean }, void>({
        query: () => ({ url: '/api/user/privileges/getMyRights' }),
        transformResponse: (body: { data: { manage_custom_roles: boolean } }) => body.data,
        providesTags: ['CustomRole'],
      }),
      listCustomRoles: build.query<ListResult<AdminRole>, void>({
        query: () => ({ url: `${OPS_USER}/customRole/get`, params: ALL }),
        providesTags: ['CustomRole'],
      }),
      createCustomRole: build.mutation<AdminRole, Partial<AdminRole> & { created_by: number }>({
        query: (data) => ({ url: `${OPS_USER}/customRole/create`, method: 'POST', data }),
        invalidatesTags: ['CustomRole'],
      }),
      updateCustomRole: build.mutation<AdminRole, { id: number; modified_by: number } & Partial<AdminRole>>({
        query: ({ id, ...data }) => ({
          url: `${OPS_USER}/customRole/update/${id}`,
          method: 'PUT',
          data,
        }),
        invalidatesTags: ['CustomRole'],
      }),
      deleteCustomRole: build.mutation<void, { id: number; userId: number }>({
        query: ({ id, userId }) => ({
          url: `${OPS_USER}/customRole/delete/${id}/${userId}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['CustomRole'],
      }),
      listPrivileges: build.query<ListResult<Privilege>, { custom: boolean }>({
        query: ({ custom }) => ({
          url: custom ? `${OPS_USER}/customRolePrivilege/get` : `${OPS_USER}/privileges/getPrivilege`,
          params: ALL,
        }),
        providesTags: (_r, _e, { custom }) => [{ type: 'Privilege', id: custom ? 'custom' : 'system' }],
      }),
      grantPrivilege: build.mutation<
        Privilege,
        { custom: boolean; role_id: number; menuId: number; userId: number }
      >({
        query: ({ custom, role_id, menuId, userId }) => ({
          url: custom ? `${OPS_USER}/customRolePrivilege/create` : `${OPS_USER}/privileges/createPrivilege`,
          method: 'POST',
          data: { role_id, privilege_menu_id: menuId, created_by: userId },
        }),
        invalidatesTags: (_r, _e, { custom }) => [{ type: 'Privilege', id: custom ? 'custom' : 'system' }],
      }),
      revokePrivilege: build.mutation<void, { custom: boolean; id: number; userId: number }>({
        query: ({ custom, id, userId }) => ({
          url: custom
            ? `${OPS_USER}/customRolePrivilege/delete/${id}/${userId}`
            : `${OPS_USER}/privileges/deletePrivilege/${id}/${userId}`,
          method: 'DELETE',
        }),
        invalidatesTags: (_r, _e, { custom }) => [{ type: 'Privilege', id: custom ? 'custom' : 'system' }],
      }),
      listMenus: build.query<ListResult<CustomMenu>, void>({
        query: () => ({
          url: `${MENUS_BASE}/getMenu`,
          params: { ...ALL, sortField: 'sort_order', sortOrder: 'asc' },
        }),
        providesTags: ['Menu'],
      }),
      createMenu: build.mutation<CustomMenu, z.input<typeof menuCreate>>({
        query: (data) => ({ url: `${MENUS_BASE}/createMenu`, method: 'POST', data }),
        invalidatesTags: ['Menu'],
      }),
      updateMenu: build.mutation<CustomMenu, { id: number; modified_by: number } & Partial<CustomMenu>>({
        query: ({ id, ...data }) => ({ url: `${MENUS_BASE}/updateMenu/${id}`, method: 'PUT', data }),
        invalidatesTags: ['Menu'],
      }),
      /** Several menus at once (sort order swaps): one call, each item with its id and modified_by. */
      updateMenus: build.mutation<void, ({ menu_id: number; modified_by: number } & Partial<CustomMenu>)[]>({
        query: (data) => ({ url: `${MENUS_BASE}/updateMany`, method: 'POST', data }),
        invalidatesTags: ['Menu'],
      }),
      deleteMenu: build.mutation<void, { id: number; userId: number }>({
        query: ({ id, userId }) => ({ url: `${MENUS_BASE}/deleteMenu/${id}/${userId}`, method: 'DELETE' }),
        invalidatesTags: ['Menu'],
      }),
      listGroupUsers: build.query<ListResult<GroupUser>, ListArgs>({
        query: (args) => ({ url: `${OPS_USER}/groupUsers/getGroupUser`, params: listParams(args) }),
        providesTags: ['GroupUser'],
      }),
      createGroupUser: build.mutation<GroupUser, z.input<typeof groupUserCreate>>({
        query: (data) => ({ url: `${OPS_USER}/groupUsers/createGroupUser`, method: 'POST', data }),
        transformResponse: (body: { data: GroupUser }) => body.data,
        invalidatesTags: ['GroupUser', 'Subscription'],
      }),
      deleteGroupUser: build.mutation<void, { id: number; userId: number }>({
        query: ({ id, userId }) => ({
          url: `${OPS_USER}/groupUsers/deleteGroupUser/${id}/${userId}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['GroupUser', 'Subscription'],
      }),
      listUserSettings: build.query<ListResult<UserSetting>, ListArgs>({
        query: (args) => ({ url: `${OPS_USER}/userSettings/getUserSetting`, params: listParams(args) }),
        providesTags: ['UserSetting'],
      }),
      deleteUserSetting: build.mutation<void, { id: number; userId: number }>({
        query: ({ id, userId }) => ({
          url: `${OPS_USER}/userSettings/deleteUserSetting/${id}/${userId}`,
          method: 'DELETE',
        }),
        invalidatesTags: ['UserSetting'],
      }),
      recentChanges: build.query<ListResult<AuditEvent>, RecentChangesArgs>({
        query: ({ page, limit, entity }) => ({
          url: '/api/user/audit/getRecentChanges',
          params: { page, limit, ...(entity ? { entity } : {}) },
        }),
      }),
      createTenant: build.mutation<
        CreatedTenant,
        { tenant_type: TenantType; tenant_name: string; created_by: number; plan?: PlanName }
      >({
        query: (data) => ({ url: `${TENANTS_BASE}/createTenant`, method: 'POST', data }),
        transformResponse: (body: { data: CreatedTenant }) => body.data,
        invalidatesTags: ['Tenant'],
      }),
      renameTenant: build.mutation<TenantOut, { id: number; tenant_name: string; modified_by: number }>({
        query: ({ id, ...data }) => ({ url: `${TENANTS_BASE}/updateTenant/${id}`, method: 'PUT', data }),
        transformResponse: (body: { data: TenantOut }) => body.data,
        invalidatesTags: ['Tenant'],
      }),
      setTenantSuspended: build.mutation<TenantOut, { id: number; suspended: boolean }>({
        query: ({ id, suspended }) => ({
          url: `${TENANTS_BASE}/${suspended ? 'suspendTenant' : 'resumeTenant'}/${id}`,
          method: 'PUT',
          data: {},
        }),
        transformResponse: (body: { data: TenantOut }) => body.data,
        invalidatesTags: ['Tenant'],
      }),
      /** Moves a tenant to a plan: its subscription's, or a new subscription when it has none. */
      changePlan: build.mutation<
        Subscription,
        { tenantId: number; subscriptionId: number | null; plan: PlanName; userId: number }
      >({
        query: ({ tenantId, subscriptionId, plan, userId }) =>
          subscriptionId === null
            ? {
                url: `${SUBSCRIPTIONS_BASE}/createSubscription`,
                method: 'POST',
                data: { tenant_id: tenantId, plan, created_by: userId },
              }
            : {
                url: `${SUBSCRIPTIONS_BASE}/updateSubscription/${subscriptionId}`,
                method: 'PUT',
                data: { plan, modified_by: userId },
              },
        transformResponse: (body: { data: Subscription }) => body.data,
        invalidatesTags: (_r, _e, { tenantId }) => [{ type: 'Subscription', id: tenantId }],
      }),
      listTenants: build.query<ListResult<Tenant>, { page: number; limit: number; filterFields?: unknown[] }>(
        {
          query: ({ filterFields, ...rest }) => ({
            url: `${TENANTS_BASE}/getAll`,
            params: { ...rest, ...(filterFields ? { filterFields: JSON.stringify(filterFields) } : {}) },
          }),
          providesTags: ['Tenant'],
        },
      ),
      tenantsByType: build.query<Tenant[], string>({
        query: (type) => ({ url: `${TENANTS_BASE}/getTenantsByType/${encodeURIComponent(type)}` }),
        transformResponse: (body: { data: Tenant[] }) => body.data,
        providesTags: ['Tenant'],
      }),
      getTenant: build.query<TenantOut, number>({
        query: (id) => ({ url: `${TENANTS_BASE}/getTenant/${id}` }),
        transformResponse: (body: { data: TenantOut }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Tenant', id }],
      }),
      userTenants: build.query<UserTenant[], number>({
        query: (userId) => ({ url: `${TENANTS_BASE}/getUserTenants/${userId}` }),
        transformResponse: (body: { data: UserTenant[] }) => body.data,
        providesTags: ['Tenant'],
      }),
      subscriptionByTenant: build.query<Subscription | null, number>({
        query: (tenantId) => ({ url: `${SUBSCRIPTIONS_BASE}/getSubscriptionByTenant/${tenantId}` }),
        transformResponse: (body: { data: Subscription | null }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Subscription', id }],
      }),
    }),
  });

export { PLAN_NAMES } from '@nexus/contracts';

export const {
  useMyRightsQuery,
  useListUsersQuery,
  useGetAdminUserQuery,
  useSetUserRolesMutation,
  useTenantInvitationsQuery,
  useResendInvitationMutation,
  useDisableUserMutation,
  useEnableUserMutation,
  useSearchUsersQuery,
  useRenameTenantMutation,
  useSetTenantSuspendedMutation,
  useChangePlanMutation,
  useListRolesQuery,
  useListCustomRolesQuery,
  useCreateCustomRoleMutation,
  useUpdateCustomRoleMutation,
  useDeleteCustomRoleMutation,
  useListPrivilegesQuery,
  useGrantPrivilegeMutation,
  useRevokePrivilegeMutation,
  useListMenusQuery,
  useCreateMenuMutation,
  useUpdateMenuMutation,
  useUpdateMenusMutation,
  useDeleteMenuMutation,
  useListGroupUsersQuery,
  useCreateGroupUserMutation,
  useDeleteGroupUserMutation,
  useLazyListUsersQuery,
  useLazyFindUserByEmailQuery,
  useListUserSettingsQuery,
  useDeleteUserSettingMutation,
  useRecentChangesQuery,
  useCreateTenantMutation,
  useListTenantsQuery,
  useTenantsByTypeQuery,
  useSubscriptionByTenantQuery,
  useGetTenantQuery,
  useUserTenantsQuery,
} = adminApi;
