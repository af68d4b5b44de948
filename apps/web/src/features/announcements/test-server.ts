import { initialAuthState } from '../../shared/session/auth-slice';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

export const memberState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'mia',
      roles: [{ role_id: 13, role_name: 'individual', role_view: 'user' as const }],
    },
  },
};

const ACME = { tenant_id: 31, tenant_type: 'institute', tenant_name: 'Acme' };
const ADMIN_THERE = { role_id: 2, role_name: 'tenant-admin', role_view: 'admin' as const, tenant_id: 31 };

export const tenantAdminState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 9, username: 'ada', roles: [ADMIN_THERE] },
    availableTenants: [ACME],
    roleContext: 'tenant' as const,
    currentTenant: ACME,
    currentRole: ADMIN_THERE,
  },
};

export function announcement(id: number, overrides: object = {}) {
  return {
    announcement_id: id,
    tenant_id: 31,
    role_id: null,
    title: `Announcement ${id}`,
    body: `<p>Body of ${id}</p>`,
    status: 'published',
    publish_at: '2026-11-20T10:00:00+00:00',
    pinned: false,
    expires_at: null,
    published_by: 9,
    published_at: '2026-11-20T10:00:00+00:00',
    unread: false,
    created_by: 9,
    modified_by: 9,
    created_at: '2026-11-20T09:00:00+00:00',
    modified_at: '2026-11-20T09:00:00+00:00',
    is_deleted: false,
    ...overrides,
  };
}

export const page = (rows: object[], total = rows.length, limit = 10) => ({
  data: rows,
  meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
});

/** The role list the composer offers as an audience. */
export const ROLES_API = '/operations/user/roles/getRole';
export const ROLES = page([
  { role_id: 13, role_name: 'individual', display_name: 'Individual' },
  { role_id: 14, role_name: 'teacher', display_name: 'Teacher' },
]);
