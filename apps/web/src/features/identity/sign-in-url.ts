import { pageVisit } from '../../shared/session/page-visit';

/** The provider-hosted page actions of spec section 7 "Session and sign-in". */
export type SignInAction = 'register' | 'update-profile' | 'update-password';

/** Where the provider sends the browser back to after its hosted page (spec section 2 route). */
export const SIGN_IN_RETURN_PATH = '/account-callback';

/**
 * URL of the provider's hosted sign-in page: /auth/redirect with a redirect_uri on this origin and
 * an optional action (spec section 7). The server checks redirect_uri against its allow-list.
 */
export function signInUrl(origin: string, action?: SignInAction, returnPath = SIGN_IN_RETURN_PATH): string {
  const params = new URLSearchParams({ redirect_uri: `${origin}${returnPath}` });
  if (action) params.set('action', action);
  return `/auth/redirect?${params.toString()}`;
}

/** The hosted page in a popup window: it reports to its opener instead of navigating. */
export function popupSignInUrl(origin: string): string {
  return `${signInUrl(origin)}&display=popup`;
}

/**
 * Silent sign-in (spec section 4): the provider answers at once, back at /account-callback, with
 * `error=login_required` when there is no session.
 */
export function silentSignInUrl(origin: string): string {
  return `/auth/redirect?redirect_uri=${encodeURIComponent(`${origin}${SIGN_IN_RETURN_PATH}`)}&silent=1`;
}

let silentRedirectStarted = false;

/**
 * Sends the browser to the silent sign-in, once per page load: the 3 s timeout and the rejected
 * profile fetch can both ask for it (spec section 4).
 */
export function startSilentSignIn(): void {
  if (silentRedirectStarted) return;
  silentRedirectStarted = true;
  pageVisit.assign(silentSignInUrl(window.location.origin));
}

/** Tests only: forget that a silent redirect was started. */
export function resetSilentSignIn(): void {
  silentRedirectStarted = false;
}
