import { describe, expect, it } from 'vitest';
import { signInUrl } from './sign-in-url';

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
});
