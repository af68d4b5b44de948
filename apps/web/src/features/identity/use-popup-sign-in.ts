import { MESSAGES } from '@nexus/contracts';
import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import type { AppDispatch, RootState } from '../../app/store';
import type { SessionRejection } from '../../shared/session/auth-slice';
import { pageVisit } from '../../shared/session/page-visit';
import { notify } from '../../shared/ui/notify';
import { openSignInPopup } from './sign-in-popup';
import { popupSignInUrl, signInUrl } from './sign-in-url';

/**
 * Sign-in in a 500x600 popup (spec sections 7 and 9). On success the session is read and the person
 * lands (spec section 4); a blocked popup shows 'Popup blocked' (spec sections 5 and 8) and falls back
 * to the full-page redirect. The session code is loaded only after the popup reports success, so the
 * public page stays light.
 */
export function usePopupSignIn(): { start: () => void; waiting: boolean } {
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(false);

  const start = useCallback(() => {
    const origin = window.location.origin;
    // Opened synchronously inside the click: browsers block popups opened later.
    const outcome = openSignInPopup(popupSignInUrl(origin));
    setWaiting(true);
    outcome
      .then(async (status) => {
        if (status !== 'success') return;
        const { finishSignIn } = await import('./use-finish-sign-in');
        await finishSignIn({ dispatch: store.dispatch as AppDispatch, getState: store.getState, navigate });
      })
      .catch((error: unknown) => {
        if (error instanceof Error && error.message === MESSAGES.popupBlocked) {
          notify.error(MESSAGES.popupBlocked);
          pageVisit.assign(signInUrl(origin));
          return;
        }
        notify.error((error as Partial<SessionRejection>)?.message || MESSAGES.requestFailed);
      })
      .finally(() => setWaiting(false));
  }, [store, navigate]);

  return { start, waiting };
}
