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

export const platformAdminState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 1,
      username: 'root',
      roles: [{ role_id: 1, role_name: 'admin', role_view: 'admin' as const }],
    },
  },
};

export const signedOutState = { auth: { ...initialAuthState, isLoggedIn: false } };

export function request(id: number, overrides: object = {}) {
  return {
    request_id: id,
    tenant_id: 31,
    requester_id: 7,
    requester_name: 'Mia Member',
    subject: `Request ${id}`,
    body: 'Help please',
    category: 'learning',
    status: 'open',
    reply_count: 0,
    last_activity_at: '2026-11-20T09:00:00+00:00',
    created_at: '2026-11-20T09:00:00+00:00',
    ...overrides,
  };
}

export function faq(id: number, overrides: object = {}) {
  return {
    faq_id: id,
    tenant_id: null,
    category: 'General',
    question: `Question ${id}?`,
    answer: `<p>Answer ${id}</p>`,
    position: id,
    created_by: 1,
    modified_by: 1,
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
