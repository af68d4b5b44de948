import { type MySettings, PROFILE_MESSAGES, type ProfileView } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';
import { renderWithProviders } from '../../test/render';
import { ACCOUNT_DELETED, OTHER_SESSIONS_ENDED } from './components/AccountSecurity';
import SettingsPage from './pages/SettingsPage';

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

const ME = 9;
const signedIn = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    otpVerified: true,
    user: { user_id: ME, username: 'ada', firstName: 'Ada', lastName: 'L', roles: [{ role_id: 13 }] },
  },
};

const PROFILE: ProfileView = {
  user_id: ME,
  username: 'ada',
  firstName: 'Ada',
  lastName: 'L',
  profile_image: null,
  headline: 'Analyst',
  bio: null,
  location: null,
  roles: ['Individual'],
  email: 'ada@example.test',
  phone_number: null,
  sections: [],
  is_self: true,
};

const SETTINGS: MySettings = {
  user_setting_id: 1,
  profile_visibility: 'public',
  show_email: false,
  show_phone: false,
  email_notifications: true,
  push_notifications: true,
  theme: 'auto',
  language: 'en',
};

function failure(status: number, message: string) {
  const response = { status, data: { message, code: 'X' }, statusText: '', headers: {}, config: {} };
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response as AxiosResponse);
}

type Answer = (config: AxiosRequestConfig) => unknown;

/** The settings page's calls; `overrides` answers a URL fragment differently. */
function mockServer(overrides: Record<string, Answer> = {}) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    const override = Object.entries(overrides).find(([fragment]) => url.includes(fragment));
    if (override) return { data: override[1](config) } as AxiosResponse;
    if (url.includes('/getProfile/')) return { data: { data: PROFILE } } as AxiosResponse;
    if (url.includes('/updateMyProfile')) {
      return { data: { data: { ...PROFILE, ...(config.data as object), location: null } } } as AxiosResponse;
    }
    if (url.includes('/getMySettings')) return { data: { data: SETTINGS } } as AxiosResponse;
    if (url.includes('/updateMySettings')) {
      return { data: { data: { ...SETTINGS, ...(config.data as object) } } } as AxiosResponse;
    }
    if (url.includes('/getInvitations')) {
      return {
        data: { data: [], meta: { page: 1, limit: 5, total: 0, totalPages: 0, totalExact: true } },
      } as AxiosResponse;
    }
    return { data: { data: {} } } as AxiosResponse;
  });
  return calls;
}

const sent = (calls: AxiosRequestConfig[], fragment: string) =>
  calls.filter((call) => call.url?.includes(fragment) && call.method !== undefined && call.method !== 'GET');

function renderSettings() {
  return renderWithProviders(null, {
    routes: [
      { path: '/settings', element: <SettingsPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    route: '/settings',
    preloadedState: signedIn,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  notify.success.mockReset();
  notify.error.mockReset();
});

describe('/settings', () => {
  it("saves the profile fields and keeps the session's name in step", async () => {
    const calls = mockServer();
    const { store } = renderSettings();
    const headline = await screen.findByLabelText(/^Headline/);
    expect(headline).toHaveValue('Analyst');
    await userEvent.clear(headline);
    await userEvent.click(headline);
    await userEvent.paste('Founder at Seedly');
    const first = screen.getByLabelText(/^First name/);
    await userEvent.clear(first);
    await userEvent.click(first);
    await userEvent.paste('Augusta');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent(calls, '/updateMyProfile')).toHaveLength(1));
    expect(sent(calls, '/updateMyProfile')[0]?.data).toMatchObject({
      firstName: 'Augusta',
      headline: 'Founder at Seedly',
      profile_image: '',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(PROFILE_MESSAGES.saved));
    expect(store.getState().auth.user?.firstName).toBe('Augusta');
  }, 15_000);

  it('uploads a photo, previews it, saves its address and frees the photo it replaced', async () => {
    const OLD = '11111111-1111-4111-8111-111111111111';
    const NEW = '22222222-2222-4222-8222-222222222222';
    const calls = mockServer({
      '/getProfile/': () => ({
        data: { ...PROFILE, profile_image: `/api/files/files/content/${OLD}?size=256` },
      }),
      '/api/files/files/upload': (config) => {
        config.onUploadProgress?.({ loaded: 50, total: 100 } as never);
        return { data: { file_id: NEW, name: 'me.png' } };
      },
    });
    renderSettings();
    expect(await screen.findByRole('button', { name: 'Change photo' })).toBeInTheDocument();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('image/png,image/jpeg,image/webp,image/gif');
    await userEvent.upload(input, new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(sent(calls, '/api/files/files/upload')).toHaveLength(1));
    const form = sent(calls, '/api/files/files/upload')[0]?.data as FormData;
    expect(form.get('purpose')).toBe('profile-photo');
    expect((form.get('file') as File).name).toBe('me.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(sent(calls, '/updateMyProfile')).toHaveLength(1));
    expect(sent(calls, '/updateMyProfile')[0]?.data).toMatchObject({
      profile_image: `/api/files/files/content/${NEW}?size=256`,
    });
    await waitFor(() => expect(sent(calls, `/deleteFile/${OLD}/${ME}`)).toHaveLength(1));
  }, 15_000);

  it('refuses a file that is not an image without uploading it, and removes a photo', async () => {
    const calls = mockServer({
      '/getProfile/': () => ({ data: { ...PROFILE, profile_image: 'https://images.example.test/me.png' } }),
    });
    renderSettings();
    await screen.findByRole('button', { name: 'Change photo' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image.');
    expect(sent(calls, '/api/files/files/upload')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.getByRole('button', { name: 'Upload photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() =>
      expect(sent(calls, '/updateMyProfile')[0]?.data).toMatchObject({ profile_image: '' }),
    );
  }, 15_000);

  it('saves a privacy or notification switch as soon as it changes', async () => {
    const calls = mockServer();
    renderSettings();
    await userEvent.click(await screen.findByRole('switch', { name: 'Show my email address on my profile' }));
    await waitFor(() => expect(sent(calls, '/updateMySettings')[0]?.data).toEqual({ show_email: true }));
    await userEvent.click(screen.getByRole('radio', { name: /Only me/ }));
    await waitFor(() =>
      expect(sent(calls, '/updateMySettings')[1]?.data).toEqual({ profile_visibility: 'private' }),
    );
    await userEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    await waitFor(() =>
      expect(sent(calls, '/updateMySettings')[2]?.data).toEqual({ email_notifications: false }),
    );
    expect(notify.success).toHaveBeenCalledWith(PROFILE_MESSAGES.settingsSaved);
  }, 15_000);

  it('signs out of other sessions', async () => {
    const calls = mockServer();
    renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out of other sessions' }));
    await waitFor(() => expect(sent(calls, '/api/auth/signoutOthers')).toHaveLength(1));
    expect(notify.success).toHaveBeenCalledWith(OTHER_SESSIONS_ENDED);
  });

  it('deletes the account only after the password is confirmed, then signs out to /login', async () => {
    let attempts = 0;
    const calls = mockServer({
      '/api/auth/deleteAccount': () => {
        attempts += 1;
        if (attempts === 1) throw failure(401, 'The current password is not correct.');
        return {};
      },
    });
    const { router, store } = renderSettings();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password to confirm.')).toBeInTheDocument();
    expect(sent(calls, '/deleteAccount')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The current password is not correct.',
    );
    expect(store.getState().auth.isLoggedIn).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent(calls, '/deleteAccount').map((call) => call.data)).toEqual([
      { password: 'wrong-one' },
      { password: 'wrong-one' },
    ]);
    expect(store.getState().auth.isLoggedIn).toBe(false);
    expect(notify.success).toHaveBeenCalledWith(ACCOUNT_DELETED);
  }, 15_000);

  it('lists my invitations, empty at first, beside the invite panel', async () => {
    mockServer();
    renderSettings();
    expect(await screen.findByText('You have not invited anyone yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invitation link' })).toBeInTheDocument();
  });
});
