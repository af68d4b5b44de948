import { AUTH_ACTIONS, type AuthAction } from '@nexus/contracts';

/** Where the browser returns when no usable redirect_uri was given (the client's callback route). */
export const DEFAULT_RETURN_PATH = '/account-callback';

/** The query of GET /auth/redirect as the hosted page uses it (DESIGN section 5). */
export interface HostedParams {
  /** Absolute, and always on this page's origin. */
  redirectUri: string;
  action?: AuthAction;
  display: 'popup' | 'page';
  state?: string;
}

/**
 * The server validated redirect_uri before serving the page, but the built file can also be opened
 * directly, so the page re-checks it: only this origin, http(s) only. Anything else falls back to
 * the client's callback route, so the page can never be used as an open redirect.
 */
function sameOriginUri(raw: string | null, origin: string): string {
  const fallback = `${origin}${DEFAULT_RETURN_PATH}`;
  if (!raw) return fallback;
  try {
    const url = new URL(raw, origin);
    if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fallback;
    return url.toString();
  } catch {
    return fallback;
  }
}

export function readHostedParams(search: string, origin: string): HostedParams {
  const query = new URLSearchParams(search);
  const action = query.get('action');
  const state = query.get('state');
  return {
    redirectUri: sameOriginUri(query.get('redirect_uri'), origin),
    action: (AUTH_ACTIONS as readonly string[]).includes(action ?? '') ? (action as AuthAction) : undefined,
    display: query.get('display') === 'popup' ? 'popup' : 'page',
    state: state && state.length <= 200 ? state : undefined,
  };
}
