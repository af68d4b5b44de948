import type { HostedParams } from './hosted-params';
import { navigation } from './navigation';
import {
  AUTH_POPUP_CHANNEL,
  AUTH_POPUP_MESSAGE_TYPE,
  type AuthPopupAction,
  type AuthPopupMessage,
  type AuthPopupStatus,
} from './popup-protocol';

function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

/** The server's callback re-checks the session and the redirect_uri before returning to the client. */
export function callbackUrl(params: HostedParams): string {
  return `/auth/callback?redirect_uri=${encodeURIComponent(params.redirectUri)}`;
}

/**
 * Popup mode: tell the opener (this origin only) and close. Returns false when this is not a popup.
 * Without an opener (a Cross-Origin-Opener-Policy mismatch severs it) the message goes out on a
 * same-origin BroadcastChannel; if the window then cannot close itself, the caller falls back to
 * navigating it.
 */
function reportToOpener(params: HostedParams, status: AuthPopupStatus, action: AuthPopupAction): boolean {
  if (params.display !== 'popup') return false;
  const message: AuthPopupMessage = {
    type: AUTH_POPUP_MESSAGE_TYPE,
    status,
    action,
    ...(params.state ? { state: params.state } : {}),
  };
  const opener = window.opener as Window | null;
  if (opener && !opener.closed) {
    opener.postMessage(message, window.location.origin);
    navigation.close();
    return true;
  }
  if (typeof BroadcastChannel === 'undefined') return false;
  const channel = new BroadcastChannel(AUTH_POPUP_CHANNEL);
  channel.postMessage(message);
  channel.close();
  navigation.close();
  return window.closed;
}

/** The person is signed in (or their change is saved): return to the client. */
export function completeHosted(params: HostedParams, action: AuthPopupAction): void {
  if (reportToOpener(params, 'success', action)) return;
  navigation.assign(callbackUrl(params));
}

/** The person gave up: back to the client with OAuth's `error=access_denied`. */
export function cancelHosted(params: HostedParams, action: AuthPopupAction): void {
  if (reportToOpener(params, 'cancelled', action)) return;
  navigation.assign(withQuery(params.redirectUri, { error: 'access_denied', state: params.state }));
}
