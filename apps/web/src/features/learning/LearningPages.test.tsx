import { PROGRAM_API } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import ExploreProgramsPage from './pages/ExploreProgramsPage';
import ProgramContentPage from './pages/ProgramContentPage';
import ProgramOverviewPage from './pages/ProgramOverviewPage';

const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 7, username: 'ada', roles: [{ role_id: 13 }] },
  },
};
const stamps = {
  created_by: 1,
  modified_by: 1,
  created_at: '2026-11-01T00:00:00Z',
  modified_at: '2026-11-01T00:00:00Z',
  is_deleted: false,
};
const unit = (id: number, name: string) => ({
  unit_id: id,
  module_id: 0,
  unit_name: name,
  unit_type: 'text',
  content: { html: `<p>${name} text</p>` },
  is_required: true,
  position: 0,
  ...stamps,
});
/** Course 1: module 10 (units 100, 101); course 2: module 20 (unit 200). */
const tree = {
  program_id: 5,
  tenant_id: null,
  program_name: 'Data Science Foundations',
  description: 'Two courses',
  program_category: 'data',
  status: 'published',
  start_date: null,
  end_date: null,
  image_url: null,
  ...stamps,
  program_course: [
    {
      course_id: 1,
      program_id: 5,
      course_name: 'Statistics',
      description: '',
      position: 0,
      ...stamps,
      course_module: [
        {
          module_id: 10,
          course_id: 1,
          module_name: 'Basics',
          description: '',
          position: 0,
          ...stamps,
          module_unit: [unit(100, 'Welcome'), unit(101, 'Practice')],
        },
      ],
    },
    {
      course_id: 2,
      program_id: 5,
      course_name: 'Python',
      description: '',
      position: 1,
      ...stamps,
      course_module: [
        {
          module_id: 20,
          course_id: 2,
          module_name: 'Syntax',
          description: '',
          position: 0,
          ...stamps,
          module_unit: [unit(200, 'Hello Python')],
        },
      ],
    },
  ],
};

function progress(done: number[], enrolled = true, selected: number | null = null) {
  return {
    program_id: 5,
    enrolled,
    status: enrolled ? (done.length === 3 ? 'completed' : 'active') : null,
    selected_unit_id: selected,
    completed_unit_ids: done,
    program: { done: done.length, total: 3, percent: Math.floor((done.length / 3) * 100) },
    courses: {},
    modules: {},
    completed_at: null,
    // The server names the certificate in the progress once the program is complete.
    certificate: done.length === 3 ? { user_id: 7, public_key: 'z3abc' } : null,
  };
}

const SEARCH = `${PROGRAM_API}/programs/searchPrograms`;
const PROGRAM = `${PROGRAM_API}/programs/getCompleteProgram/5`;
const PROGRESS = `${PROGRAM_API}/progress/getProgress/5`;
const catalogue = (rows: object[]) => ({
  data: rows,
  meta: { page: 1, limit: 12, total: rows.length, totalPages: 1, totalExact: true },
});

/** Program 5 and the learner's progress in it, which enrolling and completing units change. */
function serve(
  state: { done: number[]; enrolled: boolean; selected?: number | null },
  programTree: object = tree,
) {
  return mockHttp()
    .get(SEARCH, catalogue([tree]))
    .get(PROGRAM, { data: programTree })
    .get(PROGRESS, () => ({ data: progress(state.done, state.enrolled, state.selected ?? null) }))
    .post(`${PROGRAM_API}/programs-enrolled/createProgramEnrolled`, () => {
      state.enrolled = true;
      return { data: { enrollment_id: 1, program_id: 5, user_id: 7 } };
    })
    .post(`${PROGRAM_API}/progress/completeUnit/:unitId`, ({ params }) => {
      state.done = [...state.done, Number(params.unitId)];
      return { data: progress(state.done) };
    })
    .put(`${PROGRAM_API}/progress/selectUnit/:unitId`, { data: {} });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('learning pages', () => {
  it('explores the catalogue with a server search', async () => {
    const server = serve({ done: [], enrolled: false });
    renderWithProviders(<ExploreProgramsPage />, { route: '/lxp', preloadedState: signedIn });
    expect(await screen.findByRole('link', { name: 'Data Science Foundations' })).toHaveAttribute(
      'href',
      '/programs/overview/5',
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'statistics');
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path.includes('/searchPrograms')).at(-1)?.query).toMatchObject({
        search: 'statistics',
        page: 1,
      }),
    );
  });

  it('enrols from the overview and then offers to start', async () => {
    const server = serve({ done: [], enrolled: false });
    renderWithProviders(null, {
      routes: [{ path: '/programs/overview/:programId', element: <ProgramOverviewPage /> }],
      route: '/programs/overview/5',
      preloadedState: signedIn,
    });
    expect(await screen.findByText('2 courses · 2 modules · 3 units')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByRole('link', { name: 'Start' })).toHaveAttribute('href', '/program-content/5');
    expect(server.calls.find((c) => c.path.endsWith('/createProgramEnrolled'))?.body).toEqual({
      program_id: 5,
    });
  });

  it('counts in the singular for one and says a start within 30 days as "Starts in N days" (issue 23)', async () => {
    const soon = new Date(Date.now() + 3 * 86_400_000 + 3_600_000).toISOString();
    const [course] = tree.program_course;
    const single = {
      ...tree,
      start_date: soon,
      program_course: [
        { ...course, course_module: [{ ...course?.course_module[0], module_unit: [unit(100, 'Welcome')] }] },
      ],
    };
    mockHttp()
      .get(PROGRAM, { data: single })
      .get(PROGRESS, { data: progress([], false, null) })
      .get(SEARCH, catalogue([single]));
    renderWithProviders(null, {
      routes: [{ path: '/programs/overview/:programId', element: <ProgramOverviewPage /> }],
      route: '/programs/overview/5',
      preloadedState: signedIn,
    });
    expect(
      await screen.findByText(
        (_, element) => element?.textContent === '1 course · 1 module · 1 unit · Starts in 3 days',
      ),
    ).toBeInTheDocument();
  });

  it('says the start of a program in the catalogue in relative words', async () => {
    const soon = new Date(Date.now() + 12 * 86_400_000 + 3_600_000).toISOString();
    mockHttp().get(SEARCH, catalogue([{ ...tree, start_date: soon }]));
    renderWithProviders(<ExploreProgramsPage />, { route: '/lxp', preloadedState: signedIn });
    expect(await screen.findByText('Starts in 12 days')).toBeInTheDocument();
  });

  it('walks every unit with Next across module and course boundaries, marks them complete and shows the certificate', async () => {
    const server = serve({ done: [], enrolled: true, selected: null });
    renderWithProviders(null, {
      routes: [{ path: '/program-content/:programId', element: <ProgramContentPage /> }],
      route: '/program-content/5',
      preloadedState: signedIn,
    });
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    for (const [name, next] of [
      ['Welcome', 'Practice'],
      ['Practice', 'Hello Python'],
    ] as const) {
      await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
      await screen.findByText('Completed');
      await userEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByRole('heading', { name: next })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Mark complete' }));
    const done = await screen.findByText('Program complete');
    expect(
      within(done.closest('[role="alert"]') ?? document.body).getByRole('link', {
        name: 'View and download it',
      }),
    ).toHaveAttribute('href', '/certification/7/z3abc');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Practice' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path.includes('/selectUnit/')).map((c) => c.path)).toContain(
      '/api/program/progress/selectUnit/200',
    );
  });

  it('resumes at the unit selected last time', async () => {
    serve({ done: [100], enrolled: true, selected: 200 });
    renderWithProviders(null, {
      routes: [{ path: '/program-content/:programId', element: <ProgramContentPage /> }],
      route: '/program-content/5',
      preloadedState: signedIn,
    });
    expect(await screen.findByRole('heading', { name: 'Hello Python' })).toBeInTheDocument();
    expect(screen.getByText('1 of 3 required units')).toBeInTheDocument();
  });

  it('offers no Mark complete on a unit that a quiz completes, only the way to the quiz', async () => {
    const withQuiz = structuredClone(tree);
    const last = withQuiz.program_course[1]?.course_module[0];
    if (last)
      last.module_unit = [
        { ...unit(200, 'Final quiz'), unit_type: 'assessment', content: { assessment_id: 4 } } as never,
      ];
    const server = serve({ done: [100], enrolled: true, selected: 200 }, withQuiz);
    renderWithProviders(null, {
      routes: [{ path: '/program-content/:programId', element: <ProgramContentPage /> }],
      route: '/program-content/5',
      preloadedState: signedIn,
    });
    expect(await screen.findByRole('heading', { name: 'Final quiz' })).toBeInTheDocument();
    expect(screen.getByText('This unit is done once you pass the assessment.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take the assessment' })).toHaveAttribute(
      'href',
      '/assessment/4?unit=200&program=5&start=1',
    );
    expect(screen.queryByRole('button', { name: 'Mark complete' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Mark complete' })).toBeInTheDocument();
    expect(server.calls.some((c) => c.path.includes('/completeUnit/'))).toBe(false);
  });
});
