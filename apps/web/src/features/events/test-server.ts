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

export const platformAdminState = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 1,
      username: 'admin',
      roles: [{ role_id: 1, role_name: 'admin', role_view: 'admin' as const }],
    },
  },
};

export function eventItem(id: number, overrides: object = {}) {
  return {
    event_id: id,
    tenant_id: null,
    title: `Event ${id}`,
    summary: `Summary of ${id}`,
    description: `<p>About event ${id}</p>`,
    mode: 'in_person',
    online_url: null,
    venue: 'Hall A',
    starts_at: '2099-12-01T17:00:00.000Z',
    ends_at: '2099-12-01T19:00:00.000Z',
    time_zone: 'Europe/Paris',
    rrule: null,
    cover_file_id: null,
    visibility: 'public',
    status: 'published',
    capacity: 10,
    requires_approval: false,
    questions: [],
    offer_hours: 24,
    seats_taken: 3,
    seats_left: 7,
    my_status: null,
    can_manage: false,
    created_by: 1,
    created_at: '2026-11-20T09:00:00.000Z',
    modified_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export const page = (rows: object[], total = rows.length, limit = 12) => ({
  data: rows,
  meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
});
