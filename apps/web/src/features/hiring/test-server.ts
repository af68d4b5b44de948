import { JOBS_API } from '@nexus/contracts';
import { initialAuthState } from '../../shared/session/auth-slice';
import { httpError, mockHttp } from '../../test/mock-http';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

export const signedOutState = { auth: { ...initialAuthState } };

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

export function postingItem(id: number, overrides: object = {}) {
  return {
    posting_id: id,
    tenant_id: 3,
    organisation: 'Acme Corporate Labs',
    title: `Job ${id}`,
    job_type: 'full_time',
    remote: false,
    city: 'Pune',
    country: 'IN',
    skills: ['React'],
    summary: `About job ${id}`,
    posted_at: '2026-11-20T09:00:00.000Z',
    closes_at: '2099-12-01T17:00:00.000Z',
    open: true,
    ...overrides,
  };
}

export function postingDetail(id: number, overrides: object = {}) {
  return {
    ...postingItem(id),
    description: `<p>Details of job ${id}</p>`,
    questions: [{ question_id: 'why', label: 'Why us?', kind: 'text', required: true, choices: [] }],
    scorecard_attributes: [],
    json_ld: JSON.stringify({ '@context': 'https://schema.org/', '@type': 'JobPosting', title: `Job ${id}` }),
    my_application: null,
    can_manage: false,
    ...overrides,
  };
}

export function pipelineItem(id: number, overrides: object = {}) {
  return {
    application_id: id,
    posting_id: 1,
    applicant_id: 100 + id,
    name: `Applicant ${id}`,
    email: `a${id}@example.com`,
    stage: 'applied',
    applied_at: '2026-11-21T09:00:00.000Z',
    notes: 0,
    scorecards_submitted: 0,
    my_scorecard: 'none',
    ...overrides,
  };
}

export const page = (rows: object[], total = rows.length, limit = 12) => ({
  data: rows,
  meta: { page: 1, limit, total, totalPages: Math.max(1, Math.ceil(total / limit)), totalExact: true },
});

/** The API as these pages meet it; a test adds the jobs routes it needs. */
export function jobsServer() {
  // A signed-out page reads the session once; nobody is signed in here.
  const outsideJobs = new RegExp(`^(?!${JOBS_API}/)`);
  return mockHttp().on('*', outsideJobs, httpError(401, 'Sign in to continue.'));
}
