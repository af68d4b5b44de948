import { AUTH_LIMITS, AUTH_MESSAGES, MESSAGES } from '@nexus/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../test/render';
import { HostedApp } from './HostedApp';
import { readHostedParams } from './hosted-params';
import { navigation } from './navigation';
import { fail, fakeServer, ok, signedInResult } from './test-server';

const register = () => readHostedParams('?action=register&display=popup', window.location.origin);

/** Focus a field and paste into it: as a person would, without a render per keystroke. */
async function fill(user: UserEvent, label: RegExp, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillAdult(user: UserEvent) {
  await fill(user, /^First name/, 'Ada');
  await fill(user, /^Last name/, 'Lovelace');
  await fill(user, /^Username/, 'ada');
  await fill(user, /^Email/, 'ada@example.com');
  await fill(user, /^Password/, 'analytical-engine');
  await fill(user, /^Confirm password/, 'analytical-engine');
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'opener');
});

describe('hosted register', { timeout: 15_000 }, () => {
  it('requires the terms to be accepted', async () => {
    const calls = fakeServer({});
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await fillAdult(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(AUTH_MESSAGES.termsRequired)).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }),
    ).toHaveAccessibleDescription(AUTH_MESSAGES.termsRequired);
    expect(calls).toEqual([]);
  });

  it('opens the terms from the checkbox label without ticking it (issue 23)', async () => {
    fakeServer({});
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(dialog).toHaveTextContent('Keep your password to yourself');
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("names every problem in one round: empty fields, the terms and a minor's parent (issue 23)", async () => {
    const calls = fakeServer({});
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await fill(user, /^Email/, 'not-an-address');
    await user.click(screen.getByRole('switch', { name: /I am under 18/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^First name/)).toHaveAccessibleDescription('Required.');
    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(/^Required\./);
    expect(screen.getByRole('checkbox', { name: /I accept the terms/ })).toHaveAccessibleDescription(
      AUTH_MESSAGES.termsRequired,
    );
    expect(screen.getByText(AUTH_MESSAGES.parentRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Parent or guardian's name/)).toHaveAccessibleDescription('Required.');
    expect(calls).toEqual([]);
  });

  it('requires the parent name, email and phone from an applicant under 18', async () => {
    const calls = fakeServer({});
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await fillAdult(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('switch', { name: /I am under 18/ }));
    expect(screen.getByText(/the six-digit code to your parent's or guardian's email address/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText(AUTH_MESSAGES.parentRequired)).toBeInTheDocument();
    for (const label of [
      /^Parent or guardian's name/,
      /^Parent or guardian's email/,
      /^Parent or guardian's phone/,
    ]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Required.');
    }
    expect(calls).toEqual([]);
  });

  it('signs a minor up with the parent, says where the code went, and reports the new account', async () => {
    const postMessage = vi.fn();
    Object.defineProperty(window, 'opener', { value: { postMessage, closed: false }, configurable: true });
    vi.spyOn(navigation, 'close').mockImplementation(() => {});
    const calls = fakeServer({
      'POST /api/auth/signup': ok(
        { message: AUTH_MESSAGES.signupAccepted, email: 'ada@example.com', sent_to: 'p***@example.com' },
        201,
      ),
      'POST /api/auth/verifyOtp': ok({ verified: true, ...signedInResult() }),
    });
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await fillAdult(user);
    await user.click(screen.getByRole('switch', { name: /I am under 18/ }));
    await fill(user, /^Parent or guardian's name/, 'Anne Byron');
    await fill(user, /^Parent or guardian's email/, 'parent@example.com');
    await fill(user, /^Parent or guardian's phone/, '+44 20 7946 0000');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByRole('heading', { name: 'Enter your code' });
    expect(screen.getByText('p***@example.com')).toBeInTheDocument();
    expect(screen.getByText(/parent's or guardian's address/)).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      username: 'ada',
      email: 'ada@example.com',
      password: 'analytical-engine',
      tnc_accepted: true,
      is_underage: true,
      parent_name: 'Anne Byron',
      parent_email: 'parent@example.com',
      parent_phone_number: '+44 20 7946 0000',
    });

    // The sixth digit sends the code by itself (issue 23), once.
    await user.click(screen.getByLabelText('Digit 1 of 6'));
    await user.keyboard('654321');
    await waitFor(() =>
      expect(postMessage).toHaveBeenCalledWith(
        { type: 'nexus:auth', status: 'success', action: 'register' },
        window.location.origin,
      ),
    );
    expect(calls[1]?.body).toEqual({ email: 'ada@example.com', otp: '654321' });
    expect(calls.filter((call) => call.key === 'POST /api/auth/verifyOtp')).toHaveLength(1);
  });

  it('holds Resend back for the countdown, then sends the same request again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = fakeServer({
      'POST /api/auth/signup': ok(
        { message: '', email: 'ada@example.com', sent_to: 'a***@example.com' },
        201,
      ),
      'POST /api/auth/generateOtp': ok({ message: AUTH_MESSAGES.otpSent }, 202),
    });
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillAdult(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const held = await screen.findByRole('button', { name: /^Resend code in \d+ s$/ });
    expect(held).toBeDisabled();
    act(() => vi.advanceTimersByTime(AUTH_LIMITS.otpResendSeconds * 1000));
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(await screen.findByText(AUTH_MESSAGES.otpSent)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Resend code in ${AUTH_LIMITS.otpResendSeconds} s` }),
    ).toBeDisabled();
    expect(calls.at(-1)).toEqual({
      key: 'POST /api/auth/generateOtp',
      body: { email: 'ada@example.com', firstName: 'Ada', type: 'signup' },
    });
  });

  it("shows the spec's toast when a resend fails", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({
      'POST /api/auth/signup': ok(
        { message: '', email: 'ada@example.com', sent_to: 'a***@example.com' },
        201,
      ),
      'POST /api/auth/generateOtp': fail(502, MESSAGES.otpSendFailed),
    });
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await fillAdult(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { name: 'Enter your code' });
    act(() => vi.advanceTimersByTime(AUTH_LIMITS.otpResendSeconds * 1000));
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(
      await screen.findByText('Error Sending OTP. Please re-evaluate your details.'),
    ).toBeInTheDocument();
  });

  it('puts a taken username on its field', async () => {
    fakeServer({
      'POST /api/auth/signup': {
        status: 409,
        body: {
          message: 'That username is taken.',
          code: 'CONFLICT',
          details: [{ in: 'body', path: 'username', message: 'That username is taken.' }],
        },
      },
    });
    renderWithMantine(<HostedApp params={register()} />);
    const user = userEvent.setup();
    await fillAdult(user);
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That username is taken.');
    expect(screen.getByLabelText(/^Username/)).toHaveAccessibleDescription(
      expect.stringContaining('That username is taken.'),
    );
  });
});
