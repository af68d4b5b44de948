// Private pages fetch through the server cache; loading the layout registers it (see app/api.ts).
import '../api';
import { SILENT_SIGN_IN_TIMEOUT_MS } from '@nexus/contracts';
import { useCallback, useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { registrationRedirectFor, SessionProblem, startSilentSignIn } from '../../features/identity';
import { restoreSession, type SessionRejection, signedOut } from '../../shared/session/auth-slice';
import { hasTempRole } from '../../shared/session/home-path';
import { peekReturnTo, saveReturnTo } from '../../shared/session/return-to';
import { isOpenToTempRole } from '../../shared/session/temp-role-paths';
import { LoadingOverlay } from '../../shared/ui/LoadingOverlay';
import { useAppDispatch, useAppSelector } from '../store';
import { AppFrame } from './AppFrame';

/**
 * Private routes that are the way into a session: /account-callback finishes a sign-in, /sign-up and
 * /register start one. Guarding them would send a signed-out visitor round the silent sign-in forever
 * (or away from the sign-up they asked for), so they render bare, without the guard or the frame.
 */
export const SIGN_IN_ENTRY_PATHS: readonly string[] = ['/account-callback', '/sign-up', '/register'];

/** Guard for private routes (spec sections 4 and 6), then the application frame. */
export default function PrivateLayout() {
  const { pathname } = useLocation();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  if (SIGN_IN_ENTRY_PATHS.includes(pathname)) return <Outlet />;
  // Spec section 2: `/` "redirects to /login when not signed in" rather than starting a silent sign-in.
  if (pathname === '/' && !isLoggedIn) return <Navigate to="/login" replace />;
  return <GuardedFrame />;
}

function isUnauthenticated(rejection: unknown): boolean {
  return (rejection as Partial<SessionRejection> | undefined)?.unauthenticated === true;
}

/**
 * Spec section 4: a signed-out visit triggers one profile fetch, then a silent sign-in redirect; the
 * same redirect happens when rehydration stays loading for 3 s while signed out. The page asked for is
 * saved as the return-to path. A signed-in visit renders at once and re-checks the session in the
 * background (the persisted state may outlive the server session); if it is gone, the same silent
 * sign-in follows. The temp role only sees onboarding and the account pages (spec section 6).
 */
function GuardedFrame() {
  const location = useLocation();
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  const rehydrationStatus = useAppSelector((state) => state.auth.rehydrationStatus);
  const error = useAppSelector((state) => state.auth.error);
  const signedIn = isLoggedIn && user !== null;
  const here = `${location.pathname}${location.search}${location.hash}`;

  const check = useCallback(
    (wasSignedIn: boolean) => {
      dispatch(restoreSession({ registrationRedirect: registrationRedirectFor(peekReturnTo()) }))
        .unwrap()
        .catch((rejection: unknown) => {
          if (!isUnauthenticated(rejection)) return;
          if (wasSignedIn) {
            saveReturnTo(here);
            dispatch(signedOut());
          }
          startSilentSignIn();
        });
    },
    [dispatch, here],
  );

  // One profile fetch per visit; a ref rather than state so React's strict double effect skips the second.
  const checked = useRef(false);
  useEffect(() => {
    if (checked.current) return;
    checked.current = true;
    if (!signedIn) saveReturnTo(here);
    check(signedIn);
  }, [check, signedIn, here]);

  useEffect(() => {
    if (signedIn || rehydrationStatus !== 'loading') return;
    const timer = window.setTimeout(startSilentSignIn, SILENT_SIGN_IN_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, rehydrationStatus]);

  if (signedIn) {
    if (hasTempRole(user) && !isOpenToTempRole(location.pathname))
      return <Navigate to="/onboarding" replace />;
    return <AppFrame />;
  }
  if (rehydrationStatus === 'failed') {
    return (
      <SessionProblem
        title="We could not check your session"
        message={error ?? 'Request failed'}
        onRetry={() => check(false)}
      />
    );
  }
  return <LoadingOverlay label="Checking your session" />;
}
