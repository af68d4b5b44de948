import { REGISTRATION_MESSAGES, REGISTRATION_TYPES, TEMP_ROLE_ID } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '../../shared/session/auth-slice';
import { type HttpAnswer, httpError, mockHttp } from '../../test/mock-http';
import { renderWithProviders } from '../../test/render';
import { localDraftKey } from './local-draft';
import GenericRegistrationPage from './pages/GenericRegistrationPage';
import InvestorRegistrationPage from './pages/InvestorRegistrationPage';
import OnboardingPage from './pages/OnboardingPage';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', () => ({ notify }));

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const USER_ID = 7;
const newcomer = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    otpVerified: true,
    user: {
      user_id: USER_ID,
      username: 'newcomer',
      firstName: 'Nia',
      roles: [{ role_id: TEMP_ROLE_ID, role_name: 'temp', display_name: 'Temp', role_view: 'user' as const }],
      active_role: {
        role_id: TEMP_ROLE_ID,
        role_name: 'temp',
        display_name: 'Temp',
        role_view: 'user' as const,
      },
      registration_redirect: '/onboarding',
    },
  },
};

const failure = (status: number, message: string) => httpError(status, message, { code: 'X' });

/** Submit, save-draft and anything else (the read) answer from their handler, or "not started" (404). */
function serve(handlers: { submit?: HttpAnswer; read?: HttpAnswer; draft?: HttpAnswer } = {}) {
  const notStarted = failure(404, REGISTRATION_MESSAGES.notStarted);
  return mockHttp()
    .on('*', /./, handlers.read ?? notStarted)
    .on('*', /\/saveDraft\//, handlers.draft ?? notStarted)
    .on('*', /\/submit\//, handlers.submit ?? notStarted);
}

/** Pastes rather than types: each keystroke re-renders the whole form, which jsdom does slowly. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.click(field);
  await userEvent.paste(text);
}

async function fillGeneric() {
  await fill(await screen.findByLabelText(/Organisation or affiliation/), 'Riverside Institute');
  await fill(screen.getByLabelText(/^About you/), 'I teach physics and run the robotics club.');
  await userEvent.type(screen.getByRole('combobox', { name: /Interests/ }), 'STEM{Enter}');
}

function renderGeneric(role = 'mentor') {
  return renderWithProviders(null, {
    preloadedState: newcomer,
    route: `/registration/${role}`,
    routes: [
      { path: '/registration/:passedRole', element: <GenericRegistrationPage /> },
      { path: '/user/home', element: <p>User home</p> },
      { path: '/onboarding', element: <p>Onboarding</p> },
    ],
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('/onboarding', () => {
  it('offers every registration role type of spec section 6 with a link to its form', () => {
    renderWithProviders(<OnboardingPage />, { preloadedState: newcomer, route: '/onboarding' });
    expect(screen.getByRole('heading', { level: 1, name: 'Choose what you are' })).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(10);
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([
      'Investor',
      'Entrepreneur or startup',
      'Incubator',
      'Accelerator',
      'Startup hub',
      'Government body',
      'Industry body',
      'Diaspora',
      'Volunteer',
      'Individual',
    ]);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs.sort()).toEqual(REGISTRATION_TYPES.map((type) => type.path).sort());
    expect(screen.getByRole('link', { name: 'Register as startup hub' })).toHaveAttribute(
      'href',
      '/registration/startup-hub',
    );
  });
});

describe('registration forms', () => {
  it("shows the shared schema's messages on the fields and sends nothing", async () => {
    const server = serve();
    renderWithProviders(<InvestorRegistrationPage />, {
      preloadedState: newcomer,
      route: '/registration/investor',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Choose the kind of investor you are.')).toBeInTheDocument();
    expect(screen.getByText('Investment thesis is required.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one stage.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Investment thesis/)).toHaveAttribute('aria-invalid', 'true');
    await fill(screen.getByLabelText(/Minimum ticket/), '5000');
    await fill(screen.getByLabelText(/Maximum ticket/), '100');
    await userEvent.tab();
    expect(await screen.findByText('The maximum ticket must be at least the minimum.')).toBeInTheDocument();
    expect(server.calls.every((call) => !call.path.includes('/submit/'))).toBe(true);
  }, 20_000);

  it('restores the draft kept on this device after a remount', async () => {
    serve();
    const first = renderGeneric();
    await fill(await screen.findByLabelText(/Organisation or affiliation/), 'Riverside Institute');
    first.unmount();

    renderGeneric();
    expect(await screen.findByLabelText(/Organisation or affiliation/)).toHaveValue('Riverside Institute');
    expect(screen.getByText('Draft restored')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard it' }));
    expect(screen.getByLabelText(/Organisation or affiliation/)).toHaveValue('');
    expect(localStorage.getItem(localDraftKey(USER_ID, 'mentor'))).toBeNull();
  });

  it('saves a draft on the server', async () => {
    const server = serve({
      draft: ({ body }) => ({
        data: { status: 'draft', data: body, modified_at: new Date().toISOString() },
      }),
    });
    renderGeneric();
    await fill(await screen.findByLabelText(/Organisation or affiliation/), 'Riverside');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(REGISTRATION_MESSAGES.draftSaved));
    const call = server.calls.find((c) => c.path.includes('/saveDraft/mentor'));
    expect(call).toMatchObject({ method: 'PUT', body: { affiliation: 'Riverside' } });
  });

  it('submits, takes the new role into the session and lands on /user/home', async () => {
    const mentor = {
      role_id: 16,
      role_name: 'mentor',
      display_name: 'Mentor',
      role_view: 'user',
      tenant_id: null,
    };
    const server = serve({
      submit: () => ({
        data: { registration: { status: 'submitted' }, user: { roles: [mentor], active_role: mentor } },
      }),
    });
    const { store } = renderGeneric();
    await fillGeneric();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('User home')).toBeInTheDocument();
    const call = server.calls.find((c) => c.path.includes('/submit/mentor'));
    expect(call).toMatchObject({
      method: 'POST',
      path: '/api/registration/forms/submit/mentor',
      body: {
        affiliation: 'Riverside Institute',
        about: 'I teach physics and run the robotics club.',
        interests: ['STEM'],
      },
    });
    const { user } = store.getState().auth;
    expect(user?.roles).toEqual([mentor]);
    expect(user?.active_role).toEqual(mentor);
    expect(user?.registration_redirect).toBeNull();
    expect(localStorage.getItem(localDraftKey(USER_ID, 'mentor'))).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(REGISTRATION_MESSAGES.submitted);
  });

  it("shows the server's message when the submit fails, and keeps the answers", async () => {
    serve({ submit: failure(500, 'Something went wrong. Please try again.') });
    renderGeneric();
    await fillGeneric();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Something went wrong. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Organisation or affiliation/)).toHaveValue('Riverside Institute');
  });

  it('says so when the role has no registration form', async () => {
    mockHttp().on('*', /./, failure(404, REGISTRATION_MESSAGES.unknownType));
    renderGeneric('astronaut');
    expect(await screen.findByText(REGISTRATION_MESSAGES.unknownType)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another registration type' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
  });

  it('sends /registration/volunteer to the volunteer form', async () => {
    serve();
    renderWithProviders(null, {
      preloadedState: newcomer,
      route: '/registration/volunteer',
      routes: [
        { path: '/registration/:passedRole', element: <GenericRegistrationPage /> },
        { path: '/volunteer-registration', element: <p>Volunteer form</p> },
      ],
    });
    expect(await screen.findByText('Volunteer form')).toBeInTheDocument();
  });
});
