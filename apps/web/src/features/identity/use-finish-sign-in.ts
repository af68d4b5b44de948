import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { type NavigateFunction, useNavigate } from 'react-router';
import type { AppDispatch, RootState } from '../../app/store';
import { completeSignIn } from '../../shared/session/auth-slice';
import { peekReturnTo, takeReturnTo } from '../../shared/session/return-to';
import { landingAfterSignIn, registrationRedirectFor } from './landing';

interface FinishSignInDeps {
  dispatch: AppDispatch;
  getState: () => RootState;
  navigate: NavigateFunction;
}

/**
 * After the provider's hosted page (full page or popup): read the session (the login thunk), then land
 * by spec section 4, the saved return-to path first. Rejects with the login thunk's SessionRejection.
 */
export async function finishSignIn({ dispatch, getState, navigate }: FinishSignInDeps): Promise<string> {
  const registrationRedirect = registrationRedirectFor(peekReturnTo());
  const session = await dispatch(completeSignIn({ registrationRedirect })).unwrap();
  const { currentTenant, currentRole } = getState().auth;
  const path = landingAfterSignIn(session, { currentTenant, currentRole }, takeReturnTo());
  navigate(path, { replace: true });
  return path;
}

/** finishSignIn bound to this component's store and router. */
export function useFinishSignIn(): () => Promise<string> {
  const store = useStore<RootState>();
  const navigate = useNavigate();
  return useCallback(
    () => finishSignIn({ dispatch: store.dispatch as AppDispatch, getState: store.getState, navigate }),
    [store, navigate],
  );
}
