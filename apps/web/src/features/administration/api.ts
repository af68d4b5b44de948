import {
  INVITATIONS_API,
  type InvitationList,
  type InvitationResent,
  type TenantInvitationListQuery,
} from '@nexus/contracts';
import { api } from '../../app/api';

/** The generic list answer of spec section 7. */
export interface ListMeta {
  page: number;
  limit: number;
  total: number;
  totalPages: number;
}
export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

/** Query of the generic list pattern (spec section 7); objects are sent as JSON. */
export interface ListArgs {
  page?: number;
  limit?: number;
  search?: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
  searchFields?: string[];
  filterFields?: Record<string, unknown> | unknown[];
}

export interface AdminUser {
  user_id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  roles?: {
    role_id: number;
    display_name?: string | null;
    role_name?: string;
    role_view?: 'admin' | 'user' | null;
    tenant_id?: number | null;
    tenant_name?: string | null;
  }[];
}
/** searchUsers (platform admins): the generic list's search, sort and page, answered with roles. */
export interface SearchUsersArgs {
  page: number;
  limit: number;
  search?: string;
  sortField?: string;
  sortOrder?: 'asc' | 'desc';
}
export interface AdminRole {
  role_id: number;
  role_name: string;
  display_name: string | null;
  role_view: 'admin' | 'user' | null;
  parent_user_id?: number | null;
}
export interface Privilege {
  privilege_id: number;
  role_id: number;
  privilege_menu_id: number;
}
export interface CustomMenu {
  menu_id: number;
  menu_name: string;
  menu_parent_id: number | null;
  sort_order: number;
  path?: string | null;
  /** The tenant whose own menu this is; null for the platform's. */
  tenant_id?: number | null;
}
export interface GroupUser {
  table_id: number;
  user_id: number;
  parent_user_id: number | null;
  role_ids: number[];
  group_name: string | null;
}
export interface UserSetting {
  user_setting_id: number;
  user_id: number;
  theme: string;
  language: string;
  email_notifications: boolean;
  push_notifications: boolean;
}
export interface AuditEvent {
  audit_id: number;
  actor_user_id: number | null;
  actor_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown> | null;
  created_at: string;
}
export interface RecentChangesArgs {
  page: number;
  limit: number;
  entity?: string;
}
export const TENANT_TYPES = [
  'institute',
  'incubator',
  'accelerator',
  'corporate',
  'government-body',
  'industry-body',
  'startup-hub',
  'other',
] as const;
export type TenantType = (typeof TENANT_TYPES)[number];
export interface Tenant {
  tenant_id: number;
  tenant_type: string;
  tenant_name: string;
  status?: string | null;
  /** Set while a platform administrator has suspended it (whole rows only). */
  suspended_at?: string | null;
}
/** createTenant's answer: the tenant, and the admin role its creator now holds there when the server says. */
export type CreatedTenant = Tenant & {
  role?: { role_id: number; role_name?: string; role_view?: 'admin' | 'user' };
};
export interface Usage {
  users: number;
  storage_gb: number;
  api_calls: number;
}
export interface Subscription {
  subscription_id: number;
  tenant_id: number;
  plan: string;
  status: 'active' | 'suspended' | 'cancelled';
  limits: Usage;
  current_usage: Usage;
  /** Finished periods, oldest first (written when a period rolls over). */
  usage_data?: Record<string, unknown>[];
  period_start?: string;
  period_end?: string;
}
export interface Member {
  user_id: number;
  username?: string;
  email: string;
  role_id?: number;
  role_name?: string | null;
}

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
      searchUsers: build.query<ListResult<AdminUser>, SearchUsersArgs>({
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
      createMenu: build.mutation<CustomMenu, Omit<CustomMenu, 'menu_id'> & { created_by: number }>({
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
      createGroupUser: build.mutation<
        GroupUser,
        Omit<GroupUser, 'table_id' | 'group_name' | 'parent_user_id'> & {
          group_name: string;
          parent_user_id?: number | null;
          tenant_id?: number;
          created_by: number;
        }
      >({
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
      renameTenant: build.mutation<Tenant, { id: number; tenant_name: string; modified_by: number }>({
        query: ({ id, ...data }) => ({ url: `${TENANTS_BASE}/updateTenant/${id}`, method: 'PUT', data }),
        transformResponse: (body: { data: Tenant }) => body.data,
        invalidatesTags: ['Tenant'],
      }),
      setTenantSuspended: build.mutation<Tenant, { id: number; suspended: boolean }>({
        query: ({ id, suspended }) => ({
          url: `${TENANTS_BASE}/${suspended ? 'suspendTenant' : 'resumeTenant'}/${id}`,
          method: 'PUT',
          data: {},
        }),
        transformResponse: (body: { data: Tenant }) => body.data,
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
      getTenant: build.query<Tenant, number>({
        query: (id) => ({ url: `${TENANTS_BASE}/getTenant/${id}` }),
        transformResponse: (body: { data: Tenant }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Tenant', id }],
      }),
      userTenants: build.query<Tenant[], number>({
        query: (userId) => ({ url: `${TENANTS_BASE}/getUserTenants/${userId}` }),
        transformResponse: (body: { data: Tenant[] }) => body.data,
        providesTags: ['Tenant'],
      }),
      subscriptionByTenant: build.query<Subscription | null, number>({
        query: (tenantId) => ({ url: `${SUBSCRIPTIONS_BASE}/getSubscriptionByTenant/${tenantId}` }),
        transformResponse: (body: { data: Subscription | null }) => body.data,
        providesTags: (_r, _e, id) => [{ type: 'Subscription', id }],
      }),
    }),
  });

export const PLAN_NAMES = ['free', 'standard', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

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
