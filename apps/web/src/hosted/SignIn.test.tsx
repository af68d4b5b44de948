import { AUTH_MESSAGES, MESSAGES } from '@nexus/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render';
import { HostedApp } from './HostedApp';
import { type HostedParams, readHostedParams } from './hosted-params';
import { navigation } from './navigation';
import { fail, fakeServer, ok, profile, signedInResult } from './test-server';

const ORIGIN = window.location.origin;
const params = (query: string): HostedParams => readHostedParams(query, ORIGIN);
const RETURN = `${ORIGIN}/account-callback`;

function watchNavigation() {
  return {
    assign: vi.spyOn(navigation, 'assign').mockImplementation(() => {}),
    close: vi.spyOn(navigation, 'close').mockImplementation(() => {}),
  };
}

async function signIn(username = 'ada', password = 'correct horse battery') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Username or email/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'opener');
});

describe('hosted sign-in', { timeout: 15_000 }, () => {
  it('shows the server message when the password is wrong', async () => {
    fakeServer({ 'POST /api/auth/signin': fail(401, AUTH_MESSAGES.invalidCredentials) });
    renderWithMantine(<HostedApp params={params(`?redirect_uri=${RETURN}`)} />);
    await signIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
  });

  it('shows a lock-out with how long to wait (429 with Retry-After)', async () => {
    fakeServer({ 'POST /api/auth/signin': fail(429, AUTH_MESSAGES.accountLocked, { 'retry-after': '120' }) });
    renderWithMantine(<HostedApp params={params('')} />);
    await signIn();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(AUTH_MESSAGES.accountLocked);
    expect(alert).toHaveTextContent('Wait 2 minutes before trying again.');
  });

  it('names the empty fields without calling the server', async () => {
    const calls = fakeServer({});
    renderWithMantine(<HostedApp params={params('')} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getAllByText('Required.')).toHaveLength(2);
    expect(calls.map((call) => call.key)).toEqual(['GET /auth/profile']);
  });

  it('returns through /auth/callback in page mode', async () => {
    const nav = watchNavigation();
    const calls = fakeServer({ 'POST /api/auth/signin': ok(signedInResult()) });
    renderWithMantine(<HostedApp params={params(`?redirect_uri=${encodeURIComponent(RETURN)}`)} />);
    await signIn('Ada@Example.com');
    await waitFor(() =>
      expect(nav.assign).toHaveBeenCalledWith(`/auth/callback?redirect_uri=${encodeURIComponent(RETURN)}`),
    );
    expect(calls.find((call) => call.key === 'POST /api/auth/signin')?.body).toEqual({
      username: 'ada@example.com',
      password: 'correct horse battery',
    });
  });

  it('reports success to the opener in popup mode and closes', async () => {
    const nav = watchNavigation();
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage, closed: false }, configurable: true });
    fakeServer({ 'POST /api/auth/signin': ok(signedInResult()) });
    renderWithMantine(<HostedApp params={params(`?redirect_uri=${RETURN}&display=popup&state=abc`)} />);
    await signIn();
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith(
        { type: 'nexus:auth', status: 'success', action: 'signin', state: 'abc' },
        ORIGIN,
      ),
    );
    expect(nav.close).toHaveBeenCalled();
    expect(nav.assign).not.toHaveBeenCalled();
  });

  it('cancels back to redirect_uri with error=access_denied', async () => {
    const nav = watchNavigation();
    fakeServer({});
    renderWithMantine(<HostedApp params={params(`?redirect_uri=${RETURN}&state=s1`)} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel and go back' }));
    expect(nav.assign).toHaveBeenCalledWith(`${RETURN}?error=access_denied&state=s1`);
  });

  it("asks for a code when the address is not confirmed, with the spec's toast when sending fails", async () => {
    const calls = fakeServer({
      'POST /api/auth/signin': ok(signedInResult({ otpVerified: false })),
      'POST /api/auth/generateOtp': fail(502, MESSAGES.otpSendFailed),
    });
    renderWithMantine(<HostedApp params={params('')} />);
    await signIn();
    expect(await screen.findByText(MESSAGES.otpSendFailed)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Enter your code' })).toBeInTheDocument();
    // Nothing went out, so there is nothing to wait for.
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
    expect(calls.find((call) => call.key === 'POST /api/auth/generateOtp')?.body).toEqual({
      email: 'ada@example.com',
      firstName: 'Ada',
      type: 'verify',
    });
  });

  it('offers to continue an existing session', async () => {
    const nav = watchNavigation();
    fakeServer({ 'GET /auth/profile': { status: 200, body: { ...profile, data: profile } } });
    renderWithMantine(<HostedApp params={params('')} />);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(nav.assign).toHaveBeenCalledWith(`/auth/callback?redirect_uri=${encodeURIComponent(RETURN)}`);
  });
});

describe('forgot password', { timeout: 15_000 }, () => {
  it('sends a reset code, sets the new password and returns to sign in with a notice', async () => {
    const calls = fakeServer({
      'POST /api/auth/generateOtp': ok({ message: AUTH_MESSAGES.otpSent }, 202),
      'POST /api/auth/updatePassword': ok({ message: AUTH_MESSAGES.passwordChanged }),
    });
    renderWithMantine(<HostedApp params={params('')} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('123456');
    await user.type(screen.getByLabelText(/^New password/), 'a-much-better-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-much-better-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    const notice = await screen.findByRole('alert');
    expect(within(notice).getByText(AUTH_MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign in to Nexus' })).toBeInTheDocument();
    expect(calls.filter((call) => call.key.startsWith('POST')).map((call) => call.body)).toEqual([
      { email: 'ada@example.com', type: 'reset' },
      { email: 'ada@example.com', otp: '123456', new_password: 'a-much-better-secret' },
    ]);
  });
});

describe('account actions', { timeout: 15_000 }, () => {
  it('update-password signs in first when there is no session, then changes the password', async () => {
    const nav = watchNavigation();
    const calls = fakeServer({
      'POST /api/auth/signin': ok(signedInResult()),
      'POST /api/auth/updatePassword': ok({ message: AUTH_MESSAGES.passwordChanged }),
    });
    renderWithMantine(<HostedApp params={params('?action=update-password')} />);
    expect(await screen.findByText('Sign in to continue.')).toBeInTheDocument();
    const user = await signIn();
    await screen.findByRole('heading', { name: 'Change your password' });
    await user.type(screen.getByLabelText(/^Current password/), 'correct horse battery');
    await user.type(screen.getByLabelText(/^New password/), 'a-much-better-secret');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a-much-better-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    expect(calls.find((call) => call.key === 'POST /api/auth/updatePassword')?.body).toEqual({
      email: 'ada@example.com',
      old_password: 'correct horse battery',
      new_password: 'a-much-better-secret',
    });
  });

  it('update-profile saves name and phone for the signed-in user', async () => {
    const nav = watchNavigation();
    const calls = fakeServer({
      'GET /auth/profile': { status: 200, body: { ...profile, data: profile } },
      'GET /operations/global-user/users/getUser/7': ok(signedInResult().user),
      'PUT /operations/global-user/users/updateUser/7': ok(signedInResult().user),
    });
    renderWithMantine(<HostedApp params={params('?action=update-profile')} />);
    const user = userEvent.setup();
    const phone = await screen.findByLabelText(/^Phone number/);
    await waitFor(() => expect(phone).toHaveValue('+44 20 7946 0958'));
    await user.clear(screen.getByLabelText(/^Last name/));
    await user.type(screen.getByLabelText(/^Last name/), 'King');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    expect(calls.find((call) => call.key.startsWith('PUT'))?.body).toEqual({
      firstName: 'Ada',
      lastName: 'King',
      phone_number: '+44 20 7946 0958',
    });
  });
});
