/** The provider-hosted page actions of spec section 7 "Session and sign-in". */
export type SignInAction = 'register' | 'update-profile' | 'update-password';

/** Where the provider sends the browser back to after its hosted page (spec section 2 route). */
export const SIGN_IN_RETURN_PATH = '/account-callback';

/**
 * URL of the provider's hosted sign-in page: /auth/redirect with a redirect_uri on this origin and
 * an optional action (spec section 7). The server checks redirect_uri against its allow-list.
 */
export function signInUrl(origin: string, action?: SignInAction): string {
  const params = new URLSearchParams({ redirect_uri: `${origin}${SIGN_IN_RETURN_PATH}` });
  if (action) params.set('action', action);
  return `/auth/redirect?${params.toString()}`;
}
