import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { CookieConsent, forgetPolicyVersion } from './CookieConsent';
import { readCookieDecision, readCookiePreferences, rememberPolicyVersion } from './cookie-consent';

function banner() {
  return screen.queryByRole('region', { name: 'Cookie consent' });
}

async function openPreferences() {
  await userEvent.click(screen.getByRole('button', { name: 'Preferences' }));
  return screen.findByRole('dialog', { name: 'Cookie preferences' });
}

describe('CookieConsent (spec sections 2 and 4)', () => {
  it('shows the banner with Accept and Preferences while no decision is stored', () => {
    renderWithMantine(<CookieConsent />);
    const region = banner();
    expect(region).toBeInTheDocument();
    expect(within(region!).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(region!).getByRole('button', { name: 'Preferences' })).toBeInTheDocument();
  });

  it('hides the banner when cookieAccepted is true or false', () => {
    localStorage.setItem('cookieAccepted', 'true');
    const { unmount } = renderWithMantine(<CookieConsent />);
    expect(banner()).not.toBeInTheDocument();
    unmount();
    localStorage.setItem('cookieAccepted', 'false');
    renderWithMantine(<CookieConsent />);
    expect(banner()).not.toBeInTheDocument();
  });

  it('stores true on Accept and goes away', async () => {
    renderWithMantine(<CookieConsent />);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookieAccepted')).toBe('true');
    expect(readCookiePreferences()).toEqual({ essential: true, performance: true, analytics: true });
    expect(banner()).not.toBeInTheDocument();
  });

  it('opens the preferences dialog with the three categories, Essential locked on', async () => {
    renderWithMantine(<CookieConsent />);
    const dialog = await openPreferences();
    const essential = within(dialog).getByRole('switch', { name: /Essential/ });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: /Performance and Functionality/ })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: /Analytics and Customization/ })).not.toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Decline All' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Allow All' })).toBeInTheDocument();
  });

  it('stores each category choice as it is toggled, without deciding', async () => {
    renderWithMantine(<CookieConsent />);
    const dialog = await openPreferences();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Analytics and Customization/ }));
    expect(readCookiePreferences()).toEqual({ essential: true, performance: false, analytics: true });
    expect(readCookieDecision()).toBe('undecided');
  });

  it('stores false on Decline All, with optional categories off', async () => {
    renderWithMantine(<CookieConsent />);
    const dialog = await openPreferences();
    await userEvent.click(within(dialog).getByRole('switch', { name: /Performance and Functionality/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline All' }));
    expect(localStorage.getItem('cookieAccepted')).toBe('false');
    expect(readCookiePreferences()).toEqual({ essential: true, performance: false, analytics: false });
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stores true on Allow All, with every category on', async () => {
    renderWithMantine(<CookieConsent />);
    const dialog = await openPreferences();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Allow All' }));
    expect(localStorage.getItem('cookieAccepted')).toBe('true');
    expect(readCookiePreferences()).toEqual({ essential: true, performance: true, analytics: true });
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  });

  it('keeps the banner when the dialog is closed without a decision', async () => {
    renderWithMantine(<CookieConsent />);
    await openPreferences();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(banner()).toBeInTheDocument();
    expect(localStorage.getItem('cookieAccepted')).toBeNull();
  });
});

describe('CookieConsent and the privacy-policy version (issue 22 point 5)', () => {
  const answer = (version: number | null) =>
    Response.json({ data: { current: version === null ? null : { version } } });
  const answerVersion = (version: number | null) =>
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer(version));

  beforeEach(() => {
    forgetPolicyVersion();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    forgetPolicyVersion();
  });

  it('records the policy version the decision was made under', async () => {
    answerVersion(3);
    renderWithMantine(<CookieConsent />);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/support/privacy/getPrivacyPolicy', expect.anything()),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookiePolicyVersion')).toBe('3');
  });

  it('shows the banner again when a newer policy version is in effect than the consent', async () => {
    localStorage.setItem('cookieAccepted', 'true');
    localStorage.setItem('cookiePolicyVersion', '1');
    answerVersion(2);
    renderWithMantine(<CookieConsent />);
    expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeInTheDocument();
    expect(readCookieDecision()).toBe('undecided');
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('cookiePolicyVersion')).toBe('2');
  });

  it('stamps a decision made before the version arrived with that version, so it is not asked again', async () => {
    let arrive: (value: Response) => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise((resolve) => (arrive = resolve)));
    renderWithMantine(<CookieConsent />);
    rememberPolicyVersion(null);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    arrive(answer(4));
    await waitFor(() => expect(localStorage.getItem('cookiePolicyVersion')).toBe('4'));
    expect(banner()).not.toBeInTheDocument();
    expect(readCookieDecision()).toBe('accepted');
  });

  it('stamps such a decision on the next page when the first one was left before the version arrived', async () => {
    vi.spyOn(globalThis, 'fetch').mockReturnValue(new Promise(() => {}));
    const { unmount } = renderWithMantine(<CookieConsent />);
    rememberPolicyVersion(null);
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    unmount();
    // The next page load (the sign-in page sent the person back), where the version does arrive.
    vi.restoreAllMocks();
    forgetPolicyVersion();
    answerVersion(4);
    renderWithMantine(<CookieConsent />);
    await waitFor(() => expect(localStorage.getItem('cookiePolicyVersion')).toBe('4'));
    expect(banner()).not.toBeInTheDocument();
    expect(readCookieDecision()).toBe('accepted');
  });

  it('keeps a consent given under the current version, or when no policy is published', async () => {
    localStorage.setItem('cookieAccepted', 'false');
    localStorage.setItem('cookiePolicyVersion', '2');
    answerVersion(2);
    const { unmount } = renderWithMantine(<CookieConsent />);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/support/privacy/getPrivacyPolicy', expect.anything()),
    );
    expect(banner()).not.toBeInTheDocument();
    unmount();
    forgetPolicyVersion();
    localStorage.removeItem('cookiePolicyVersion');
    answerVersion(null);
    renderWithMantine(<CookieConsent />);
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith('/api/support/privacy/getPrivacyPolicy', expect.anything()),
    );
    expect(banner()).not.toBeInTheDocument();
    expect(readCookieDecision()).toBe('declined');
  });
});
