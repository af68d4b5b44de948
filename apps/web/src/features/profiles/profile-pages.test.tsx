import { COMPETENCES, PROFILE_MESSAGES, type ProfileView } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import EntrepreneurialProfilePage from './pages/EntrepreneurialProfilePage';
import ProfilePage from './pages/ProfilePage';
import SelfAssessmentPage from './pages/SelfAssessmentPage';
import VolunteerProfilePage from './pages/VolunteerProfilePage';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn() }));
vi.mock('../../shared/ui/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../shared/ui/notify')>()),
  notify,
}));

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const ME = 7;
const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: ME, username: 'me', roles: [{ role_id: 4 }] },
  },
};

function failure(status: number, message: string) {
  const response = { status, data: { message, code: 'X' }, statusText: '', headers: {}, config: {} };
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
}

function mockApi(answer: (config: AxiosRequestConfig) => unknown) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    return { data: answer(config) } as AxiosResponse;
  });
  return calls;
}

const PROFILE: ProfileView = {
  user_id: 42,
  username: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  profile_image: null,
  headline: 'Mentor in software',
  bio: 'Compilers and teaching.',
  location: 'Arlington',
  roles: ['Mentor'],
  sections: [
    {
      section: 'volunteer',
      data: {
        skills: ['COBOL'],
        causes: ['Education'],
        hours_per_month: 6,
        availability: 'weekends',
        mode: 'remote',
      },
      show_on_profile: true,
      modified_at: '2026-01-01T00:00:00Z',
    },
  ],
  is_self: false,
};

function renderAt(path: string, element: ReactElement, route: string) {
  return renderWithProviders(null, { routes: [{ path, element }], route, preloadedState: signedIn });
}

afterEach(() => {
  vi.restoreAllMocks();
  notify.success.mockReset();
});

describe('/profile/{userId}', () => {
  it("shows a member's profile with the sections they share, and no contact they hide", async () => {
    mockApi(() => ({ data: PROFILE }));
    renderAt('/profile/:userId', <ProfilePage />, '/profile/42');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByText('Mentor in software')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Roles')).getByText('Mentor')).toBeInTheDocument();
    const volunteering = screen.getByRole('region', { name: 'Volunteering' });
    expect(within(volunteering).getByText('COBOL')).toBeInTheDocument();
    expect(within(volunteering).getByText('Weekends')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).not.toBeInTheDocument();
  });

  it('reads /user/profile/{user_id} the same way', async () => {
    const calls = mockApi(() => ({ data: PROFILE }));
    renderAt('/user/profile/:user_id', <ProfilePage />, '/user/profile/42');
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/profiles/getProfile/42');
  });

  it('shows the not-found state for a hidden or missing profile and for a non-numeric id', async () => {
    vi.spyOn(http, 'request').mockRejectedValue(failure(404, PROFILE_MESSAGES.notFound));
    const { unmount } = renderAt('/profile/:userId', <ProfilePage />, '/profile/42');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.notFound)).toBeInTheDocument();
    unmount();
    renderAt('/profile/:userId', <ProfilePage />, '/profile/abc');
    expect(await screen.findByRole('heading', { name: 'Profile not found' })).toBeInTheDocument();
  });

  it('offers editing and the missing sections on one’s own profile', async () => {
    mockApi(() => ({ data: { ...PROFILE, user_id: ME, is_self: true, email: 'me@example.test' } }));
    renderAt('/profile/:userId', <ProfilePage />, `/profile/${ME}`);
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('link', { name: 'me@example.test' })).toHaveAttribute(
      'href',
      'mailto:me@example.test',
    );
    expect(screen.getByRole('link', { name: 'Fundraising' })).toHaveAttribute('href', '/fundrasing-profile');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/volunteer-profile/${ME}`);
  });
});

describe('/volunteer-profile/{UserId}', () => {
  it("shows another member's shared volunteer section, or says it is not shared", async () => {
    mockApi((config) =>
      config.url?.includes('getUserSection') ? { data: PROFILE.sections[0] } : { data: PROFILE },
    );
    const { unmount } = renderAt(
      '/volunteer-profile/:UserId',
      <VolunteerProfilePage />,
      '/volunteer-profile/42',
    );
    expect(await screen.findByText('What Grace Hopper can offer as a volunteer.')).toBeInTheDocument();
    expect(screen.getByText('COBOL')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();
    vi.spyOn(http, 'request').mockRejectedValue(failure(404, PROFILE_MESSAGES.sectionNotFound));
    renderAt('/volunteer-profile/:UserId', <VolunteerProfilePage />, '/volunteer-profile/42');
    expect(await screen.findByText(PROFILE_MESSAGES.sectionNotFound)).toBeInTheDocument();
  });

  it('opens the editor on one’s own id', async () => {
    mockApi(() => ({ data: null }));
    renderAt('/volunteer-profile/:UserId', <VolunteerProfilePage />, `/volunteer-profile/${ME}`);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.getByText('You have not filled this in yet.')).toBeInTheDocument();
  });
});

describe('section editors', () => {
  it('validates with the shared schema before saving, then saves the cleaned values', async () => {
    const calls = mockApi((config) =>
      config.method === 'PUT'
        ? {
            data: {
              section: 'entrepreneurial',
              data: {},
              show_on_profile: true,
              modified_at: '2026-01-01T00:00:00Z',
            },
          }
        : { data: null },
    );
    renderAt('/profile/entrepreneurial', <EntrepreneurialProfilePage />, '/profile/entrepreneurial');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Venture name is required.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.click(screen.getByLabelText(/Venture name/));
    await userEvent.paste('Seedly');
    await userEvent.click(screen.getAllByLabelText(/^Stage/)[0]!);
    await userEvent.click(await screen.findByRole('option', { name: 'MVP or prototype' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/profiles/saveSection/entrepreneurial');
    expect(put?.data).toEqual({
      venture_name: 'Seedly',
      stage: 'mvp',
      skills: [],
      looking_for_cofounder: false,
      cofounder_skills: [],
      show_on_profile: true,
    });
    expect(notify.success).toHaveBeenCalledWith(PROFILE_MESSAGES.saved);
  }, 15_000);

  it('computes the self-assessment score as the ratings are given', async () => {
    mockApi(() => ({ data: null }));
    renderAt('/self-assessment', <SelfAssessmentPage />, '/self-assessment');
    expect(await screen.findByText('Not rated yet.')).toBeInTheDocument();
    const first = screen.getByRole('radiogroup', { name: new RegExp(COMPETENCES[0].label) });
    await userEvent.click(within(first).getByRole('radio', { name: '5' }));
    const second = screen.getByRole('radiogroup', { name: new RegExp(COMPETENCES[1].label) });
    await userEvent.click(within(second).getByRole('radio', { name: '3' }));
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText(/mean 4.0 of 5 · Advanced/)).toBeInTheDocument();
  }, 15_000);
});
