import { initialAuthState } from '../../shared/session/auth-slice';

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

const audit = {
  created_by: 7,
  modified_by: 7,
  created_at: '2026-11-20T09:00:00+00:00',
  modified_at: '2026-11-20T09:00:00+00:00',
  is_deleted: false,
};

export function note(id: number, overrides: object = {}) {
  return {
    note_id: id,
    tenant_id: null,
    user_id: 7,
    title: `Note ${id}`,
    body: `<p>Body ${id}</p>`,
    tags: [],
    ...audit,
    ...overrides,
  };
}

export function entry(id: number, overrides: object = {}) {
  return {
    entry_id: id,
    tenant_id: null,
    user_id: 7,
    entry_date: '2026-11-20',
    title: `Entry ${id}`,
    body: `<p>Text ${id}</p>`,
    ...audit,
    ...overrides,
  };
}

export const page = (rows: object[], total = rows.length, limit = 10) => ({
  data: rows,
  meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
});
