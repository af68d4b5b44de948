import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageVisit } from '../../shared/session/page-visit';
import {
  popupSignInUrl,
  resetSilentSignIn,
  signInUrl,
  silentSignInUrl,
  startSilentSignIn,
} from './sign-in-url';

describe('signInUrl (spec section 7)', () => {
  it('sends the browser to the hosted page with a return address on this origin', () => {
    const url = new URL(signInUrl('http://localhost:8080'), 'http://localhost:8080');
    expect(url.pathname).toBe('/auth/redirect');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/account-callback');
    expect(url.searchParams.has('action')).toBe(false);
  });

  it('adds the register action for account creation', () => {
    const url = new URL(signInUrl('https://nexus.example', 'register'), 'https://nexus.example');
    expect(url.searchParams.get('redirect_uri')).toBe('https://nexus.example/account-callback');
    expect(url.searchParams.get('action')).toBe('register');
  });

  it('returns the password change to /account', () => {
    const url = new URL(
      signInUrl('https://nexus.example', 'update-password', '/account'),
      'https://nexus.example',
    );
    expect(url.searchParams.get('redirect_uri')).toBe('https://nexus.example/account');
    expect(url.searchParams.get('action')).toBe('update-password');
  });

  it('asks the hosted page for popup mode', () => {
    const url = new URL(popupSignInUrl('https://nexus.example'), 'https://nexus.example');
    expect(url.searchParams.get('display')).toBe('popup');
    expect(url.searchParams.get('redirect_uri')).toBe('https://nexus.example/account-callback');
  });
});

describe('silent sign-in (spec section 4)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    resetSilentSignIn();
  });

  it('returns to /account-callback with silent=1', () => {
    expect(silentSignInUrl('https://nexus.example')).toBe(
      '/auth/redirect?redirect_uri=https%3A%2F%2Fnexus.example%2Faccount-callback&silent=1',
    );
  });

  it('visits the provider once, however often it is asked', () => {
    const assign = vi.spyOn(pageVisit, 'assign').mockImplementation(() => undefined);
    startSilentSignIn();
    startSilentSignIn();
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith(silentSignInUrl(window.location.origin));
  });
});
