import type {
  EngagementSummary,
  ExpertProgramItem,
  ExpertSessionItem,
  ExpertSummary,
  InteractionAnswer,
} from '@nexus/contracts';
import axe from 'axe-core';
import { initialAuthState } from '../../shared/session/auth-slice';
import type { HttpCall } from '../../test/mock-http';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/** Mia (user 7), a member; the experts in these fixtures are other people. */
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

export const FUTURE = '2099-12-01T09:00:00.000Z';
export const PAST = '2020-03-02T09:00:00.000Z';

export function expert(id: number, overrides: Partial<ExpertSummary> = {}): ExpertSummary {
  return {
    user_id: id,
    name: `Expert ${id}`,
    headline: `Headline of ${id}`,
    expertise: ['fundraising'],
    languages: ['en'],
    time_zone: 'Europe/Paris',
    session_minutes: 60,
    next_free_at: FUTURE,
    program_count: 0,
    ...overrides,
  };
}

export function program(id: number, overrides: Partial<ExpertProgramItem> = {}): ExpertProgramItem {
  return {
    expert_program_id: id,
    expert_id: 20,
    expert_name: 'Milo Mentor',
    title: `Program ${id}`,
    description: `What program ${id} offers`,
    session_count: 4,
    is_published: true,
    engagement_id: null,
    sessions_booked: 0,
    ...overrides,
  };
}

export function engagement(id: number, overrides: Partial<EngagementSummary> = {}): EngagementSummary {
  return {
    engagement_id: id,
    expert_program_id: 3,
    title: 'From idea to first customers',
    expert_id: 20,
    expert_name: 'Milo Mentor',
    mentee_id: 7,
    mentee_name: 'Mia',
    role: 'mentee',
    session_count: 4,
    sessions_booked: 1,
    next_session_at: null,
    ...overrides,
  };
}

export function session(id: number, overrides: Partial<ExpertSessionItem> = {}): ExpertSessionItem {
  return {
    session_id: id,
    expert_id: 20,
    expert_name: 'Milo Mentor',
    mentee_id: 7,
    mentee_name: 'Mia',
    engagement_id: null,
    expert_program_id: null,
    program_title: null,
    starts_at: FUTURE,
    ends_at: '2099-12-01T10:00:00.000Z',
    topic: '',
    status: 'booked',
    my_rating: null,
    ratings: [],
    ...overrides,
  };
}

export function room(overrides: Partial<InteractionAnswer> = {}): InteractionAnswer {
  const mine = engagement(30);
  return {
    program: program(3, { title: 'From idea to first customers', engagement_id: 30, sessions_booked: 1 }),
    engagements: [mine],
    engagement: mine,
    sessions: [],
    notes: [],
    files: [],
    ...overrides,
  };
}

export const page = (rows: object[], total = rows.length, limit = 12) => ({
  data: rows,
  meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
});

/** The calls made to one endpoint (by the end of the path), in order. */
export const callsTo = (calls: HttpCall[], path: string) => calls.filter((call) => call.path.endsWith(path));

/** Serious and critical axe violations of what is on screen (contrast needs real CSS, so it is off). */
export async function seriousViolations() {
  const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}
