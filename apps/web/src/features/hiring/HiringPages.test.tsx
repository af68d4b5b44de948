import { JOB_APPLICATIONS_API, JOB_POSTINGS_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpError } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { applyErrors } from './components/ApplyForm';
import CareerPage from './pages/CareerPage';
import JobHubPage from './pages/JobHubPage';
import PostingPage from './pages/PostingPage';
import RecruitmentPortalPage from './pages/RecruitmentPortalPage';
import SearchJobsPage from './pages/SearchJobsPage';
import {
  jobsServer,
  memberState,
  page,
  pipelineItem,
  postingDetail,
  postingItem,
  signedOutState,
} from './test-server';

afterEach(() => {
  vi.restoreAllMocks();
});

const organisations = { data: [{ tenant_id: 3, name: 'Acme Corporate Labs', open: 2 }] };

describe('/search-jobs', () => {
  it('lists open jobs signed out with only the defaults, each linking to its page', async () => {
    const server = jobsServer()
      .get(`${JOB_POSTINGS_API}/getOrganisations`, organisations)
      .get(`${JOB_POSTINGS_API}/getAll`, () =>
        page([postingItem(1, { title: 'Frontend engineer' }), postingItem(2, { remote: true, city: null })]),
      );
    renderWithProviders(<SearchJobsPage />, { route: '/search-jobs', preloadedState: signedOutState });
    const link = await screen.findByRole('link', { name: 'Frontend engineer' });
    expect(link).toHaveAttribute('href', '/search-jobs/1');
    expect(screen.getByText('2 jobs')).toBeInTheDocument();
    expect(screen.getByText('Remote (India)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to apply' })).toHaveAttribute('href', '/login');
    const [search] = server.callsTo('GET', `${JOB_POSTINGS_API}/getAll`);
    expect(search?.query).toEqual({ page: 1, limit: 12 });
  });

  it('searches and filters, and offers to clear when nothing matches', async () => {
    const server = jobsServer()
      .get(`${JOB_POSTINGS_API}/getOrganisations`, organisations)
      .get(`${JOB_POSTINGS_API}/getAll`, () => page([]));
    renderWithProviders(<SearchJobsPage />, { route: '/search-jobs', preloadedState: memberState });
    expect(await screen.findByText('No open jobs or internships right now')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'data');
    await userEvent.type(screen.getByRole('textbox', { name: 'Location' }), 'Pune');
    await waitFor(() =>
      expect(server.calls.at(-1)?.query).toEqual({ page: 1, limit: 12, search: 'data', location: 'Pune' }),
    );
    expect(await screen.findByText('No jobs match your search')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    // Back to the defaults: the first answer (from the cache) shows again.
    expect(await screen.findByText('No open jobs or internships right now')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search jobs' })).toHaveValue('');
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    jobsServer()
      .get(`${JOB_POSTINGS_API}/getOrganisations`, organisations)
      .get(`${JOB_POSTINGS_API}/getAll`, () => {
        if (fail) throw httpError(500, 'Something went wrong on our side.');
        return page([postingItem(5, { title: 'Back again' })]);
      });
    renderWithProviders(<SearchJobsPage />, { route: '/search-jobs', preloadedState: signedOutState });
    expect(await screen.findByText('Something went wrong on our side.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Back again' })).toBeInTheDocument();
  });
});

describe('/search-jobs/:postingId', () => {
  it('puts the JSON-LD in the head and asks a signed-out visitor to sign in', async () => {
    jobsServer().get(`${JOB_POSTINGS_API}/getById/4`, {
      data: postingDetail(4, { title: 'Data analyst intern' }),
    });
    // The copy the server put in the page it sent: replaced by the page's own, never doubled.
    const served = document.createElement('script');
    served.type = 'application/ld+json';
    served.dataset.nexus = 'job-posting';
    served.text = '{"@type":"JobPosting","title":"Job 4"}';
    document.head.appendChild(served);
    renderWithProviders(<PostingPage />, {
      route: '/search-jobs/4',
      routes: [{ path: '/search-jobs/:postingId', element: <PostingPage /> }],
      preloadedState: signedOutState,
    });
    expect(await screen.findByRole('heading', { name: 'Data analyst intern' })).toBeInTheDocument();
    const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).not.toBe(served);
    expect(JSON.parse(scripts[0]?.textContent ?? '{}')).toMatchObject({
      '@type': 'JobPosting',
      title: 'Job 4',
    });
    expect(screen.getByText('Sign in to apply for this job.')).toBeInTheDocument();
  });

  it('checks the application before sending: a CV and the required answers', async () => {
    jobsServer().get(`${JOB_POSTINGS_API}/getById/4`, { data: postingDetail(4) });
    renderWithProviders(<PostingPage />, {
      route: '/search-jobs/4',
      routes: [{ path: '/search-jobs/:postingId', element: <PostingPage /> }],
      preloadedState: memberState,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Upload your CV (PDF or Word document).')).toBeInTheDocument();
    expect(screen.getByText('This question needs an answer.')).toBeInTheDocument();
  });

  it('shows my status once I applied', async () => {
    jobsServer().get(`${JOB_POSTINGS_API}/getById/4`, {
      data: postingDetail(4, { my_application: { application_id: 9, stage: 'interview' } }),
    });
    renderWithProviders(<PostingPage />, {
      route: '/search-jobs/4',
      routes: [{ path: '/search-jobs/:postingId', element: <PostingPage /> }],
      preloadedState: memberState,
    });
    expect(await screen.findByText('Interview')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });
});

describe('applyErrors', () => {
  it('names every missing or wrong answer', () => {
    const posting = {
      questions: [
        { question_id: 'a', label: 'A', kind: 'text' as const, required: true, choices: [] },
        { question_id: 'b', label: 'B', kind: 'choice' as const, required: false, choices: ['x', 'y'] },
      ],
    };
    expect(applyErrors(posting, { b: 'z' }, null)).toEqual({
      cv: 'Upload your CV (PDF or Word document).',
      a: 'This question needs an answer.',
      b: 'Choose one of the offered answers.',
    });
    expect(applyErrors(posting, { a: 'ok', b: 'x' }, new File(['%PDF'], 'cv.pdf'))).toEqual({});
  });
});

describe('/career', () => {
  it('lists my applications with their status and the employer message', async () => {
    jobsServer().get(`${JOB_APPLICATIONS_API}/getMine`, {
      data: [
        {
          application_id: 1,
          posting_id: 4,
          title: 'Data analyst intern',
          organisation: 'Acme Corporate Labs',
          job_type: 'internship',
          stage: 'declined',
          decline_message: 'We chose another candidate.',
          applied_at: '2026-11-20T09:00:00.000Z',
          stage_changed_at: '2026-11-22T09:00:00.000Z',
          closes_at: '2099-12-01T17:00:00.000Z',
        },
      ],
    });
    renderWithProviders(<CareerPage />, { route: '/career', preloadedState: memberState });
    expect(await screen.findByRole('link', { name: 'Data analyst intern' })).toHaveAttribute(
      'href',
      '/search-jobs/4',
    );
    expect(screen.getByText('Declined')).toBeInTheDocument();
    expect(screen.getByText(/We chose another candidate/)).toBeInTheDocument();
  });

  it('says so when I applied nowhere', async () => {
    jobsServer().get(`${JOB_APPLICATIONS_API}/getMine`, { data: [] });
    renderWithProviders(<CareerPage />, { route: '/career', preloadedState: memberState });
    expect(await screen.findByText('You have not applied to any job yet')).toBeInTheDocument();
  });
});

describe('/job-internship-hub', () => {
  it('shows matched postings with their reasons, then the rest', async () => {
    jobsServer().get(`${JOB_POSTINGS_API}/getMatched`, {
      matched: [{ ...postingItem(1, { title: 'React developer' }), reasons: ['Skill: React'] }],
      others: [postingItem(2, { title: 'Cook' })],
      profile_terms: ['react'],
    });
    renderWithProviders(<JobHubPage />, { route: '/job-internship-hub', preloadedState: memberState });
    expect(await screen.findByRole('link', { name: 'React developer' })).toBeInTheDocument();
    expect(screen.getByText('Skill: React')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'More openings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cook' })).toBeInTheDocument();
  });
});

describe('/recruitment-portal', () => {
  const managed = {
    data: [
      {
        ...postingItem(1, { title: 'Frontend engineer' }),
        status: 'open',
        applications: 2,
        stage_counts: {},
      },
    ],
  };

  // A recruiter inside an organisation (the portal's postings are the tenant's).
  const recruiterState = {
    auth: {
      ...memberState.auth,
      roleContext: 'tenant' as const,
      currentTenant: { tenant_id: 4, tenant_type: 'corporate', tenant_name: 'Acme Corporate Labs' },
      currentRole: { role_id: 2, role_name: 'tenant-admin', role_view: 'admin' as const, tenant_id: 4 },
    },
  };

  it('explains that recruiting needs an organisation, outside one, without asking the server', async () => {
    const server = jobsServer().get(`${JOB_POSTINGS_API}/getManaged`, managed);
    renderWithProviders(<RecruitmentPortalPage />, {
      route: '/recruitment-portal',
      preloadedState: memberState,
    });
    expect(await screen.findByText('Recruiting is for organisations')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post a job' })).not.toBeInTheDocument();
    expect(server.callsTo('GET', `${JOB_POSTINGS_API}/getManaged`)).toHaveLength(0);
  });

  it('explains that recruiting needs an organisation when the server refuses', async () => {
    jobsServer().get(`${JOB_POSTINGS_API}/getManaged`, httpError(403, 'You are not allowed to do this.'));
    renderWithProviders(<RecruitmentPortalPage />, {
      route: '/recruitment-portal',
      preloadedState: recruiterState,
    });
    expect(await screen.findByText('Recruiting is for organisations')).toBeInTheDocument();
  });

  it('moves a card with the keyboard alternative and declines the selected with a message', async () => {
    const server = jobsServer()
      .get(`${JOB_POSTINGS_API}/getManaged`, managed)
      .get(`${JOB_POSTINGS_API}/getPipeline/1`, {
        posting: postingItem(1),
        data: [pipelineItem(11), pipelineItem(12, { stage: 'screening' })],
      })
      .put(`${JOB_APPLICATIONS_API}/move/:id`, { data: {} })
      .post(`${JOB_APPLICATIONS_API}/declineMany`, { declined: 1 });
    renderWithProviders(<RecruitmentPortalPage />, {
      route: '/recruitment-portal',
      preloadedState: recruiterState,
    });
    const applied = await screen.findByRole('region', { name: 'Applied' });
    expect(within(applied).getByText('Applicant 11')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Move Applicant 11 to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Interview' }));
    await waitFor(() =>
      expect(server.callsTo('PUT', `${JOB_APPLICATIONS_API}/move/11`)[0]?.body).toEqual({
        stage: 'interview',
      }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Applicant 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline selected (1)' }));
    const message = await screen.findByRole('textbox', { name: /Message to the applicants/ });
    await userEvent.clear(message);
    await userEvent.type(message, 'Not this time.');
    await userEvent.click(screen.getByRole('button', { name: 'Decline and notify' }));
    await waitFor(() =>
      expect(server.callsTo('POST', `${JOB_APPLICATIONS_API}/declineMany`)[0]?.body).toEqual({
        application_ids: [12],
        message: 'Not this time.',
      }),
    );
  });
});
