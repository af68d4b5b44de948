/**
 * How the hosted sign-in page (popup mode, identity issue part 2) reports to the window that opened
 * it. The client opens `/auth/redirect?...&display=popup` in a 500x600 window (spec section 7) and
 * listens for one of these messages; `readAuthPopupMessage` is the check the listener must use.
 */
export const AUTH_POPUP_MESSAGE_TYPE = 'nexus:auth';

/**
 * Same-origin fallback channel: when the popup has lost `window.opener` (a Cross-Origin-Opener-Policy
 * mismatch, as with the Vite dev server in front of the API), it posts the same message here.
 */
export const AUTH_POPUP_CHANNEL = 'nexus:auth';

/** Spec section 7: the sign-in popup is 500x600. */
export const AUTH_POPUP_SIZE = { width: 500, height: 600 } as const;

/** `window.open` target name, so a second click focuses the open popup instead of opening another. */
export const AUTH_POPUP_WINDOW_NAME = 'nexus-auth';

/** What the person did on the hosted page. */
export type AuthPopupAction = 'signin' | 'register' | 'update-profile' | 'update-password';
export type AuthPopupStatus = 'success' | 'cancelled';

export interface AuthPopupMessage {
  type: typeof AUTH_POPUP_MESSAGE_TYPE;
  status: AuthPopupStatus;
  action: AuthPopupAction;
  /** The `state` the client passed to /auth/redirect, echoed back unchanged. */
  state?: string;
}

const ACTIONS: readonly string[] = ['signin', 'register', 'update-profile', 'update-password'];

/**
 * The message of a `message` event if it is ours: it must come from this origin (anything else could
 * be any page the user has open) and have the shape above; otherwise null.
 */
export function readAuthPopupMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string = window.location.origin,
): AuthPopupMessage | null {
  if (event.origin !== origin) return null;
  const data: unknown = event.data;
  if (!data || typeof data !== 'object') return null;
  const { type, status, action, state } = data as Record<string, unknown>;
  if (type !== AUTH_POPUP_MESSAGE_TYPE) return null;
  if (status !== 'success' && status !== 'cancelled') return null;
  if (typeof action !== 'string' || !ACTIONS.includes(action)) return null;
  return {
    type,
    status,
    action: action as AuthPopupAction,
    ...(typeof state === 'string' ? { state } : {}),
  };
}
