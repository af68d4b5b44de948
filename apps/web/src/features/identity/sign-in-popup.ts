import { MESSAGES, SIGN_IN_POPUP } from '@nexus/contracts';
import {
  AUTH_POPUP_CHANNEL,
  AUTH_POPUP_WINDOW_NAME,
  type AuthPopupStatus,
  readAuthPopupMessage,
} from '../../hosted/popup-protocol';

const CLOSED_POLL_MS = 500;

/**
 * Opens the hosted sign-in in a 500x600 popup (spec section 9) and resolves with what it reports:
 * a message from the popup window (or, when the opener link was severed, on the same-origin channel).
 * Closing the window counts as cancelled. A blocked popup rejects with 'Popup blocked' (spec section 5);
 * the caller then falls back to a full-page redirect.
 *
 * Call it straight from the click handler: browsers only allow popups during a user gesture.
 */
export function openSignInPopup(url: string, win: Window = window): Promise<AuthPopupStatus> {
  const { width, height } = SIGN_IN_POPUP;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  const features = `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
  const popup = win.open(url, AUTH_POPUP_WINDOW_NAME, features);
  if (!popup) return Promise.reject(new Error(MESSAGES.popupBlocked));

  return new Promise((resolve) => {
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(AUTH_POPUP_CHANNEL);
    const finish = (outcome: AuthPopupStatus) => {
      win.removeEventListener('message', onWindowMessage);
      channel?.close();
      win.clearInterval(poll);
      resolve(outcome);
    };
    // Only this origin may report (readAuthPopupMessage checks it), and on the window channel only
    // the window we opened.
    const onWindowMessage = (event: MessageEvent) => {
      if (event.source !== popup) return;
      const message = readAuthPopupMessage(event, win.location.origin);
      if (message) finish(message.status);
    };
    const onChannelMessage = (event: MessageEvent) => {
      const message = readAuthPopupMessage(
        { origin: win.location.origin, data: event.data },
        win.location.origin,
      );
      if (message) finish(message.status);
    };
    const poll = win.setInterval(() => {
      if (popup.closed) finish('cancelled');
    }, CLOSED_POLL_MS);
    win.addEventListener('message', onWindowMessage);
    channel?.addEventListener('message', onChannelMessage);
  });
}
