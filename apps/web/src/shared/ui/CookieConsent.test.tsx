import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithMantine } from '../../test/render';
import { CookieConsent } from './CookieConsent';
import { readCookieDecision, readCookiePreferences } from './cookie-consent';

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
