import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import type { SessionRejection } from '../../../shared/session/auth-slice';
import { LoadingOverlay } from '../../../shared/ui/LoadingOverlay';
import { SessionProblem } from '../components/SessionProblem';
import { useFinishSignIn } from '../use-finish-sign-in';

function describe(rejection: unknown): { title: string; message: string } {
  const { message, unauthenticated } = (rejection ?? {}) as Partial<SessionRejection>;
  if (unauthenticated) {
    return {
      title: 'You are not signed in',
      message: 'The sign-in did not reach this browser. Try again, or sign in once more.',
    };
  }
  return { title: 'We could not finish signing you in', message: message || 'Request failed' };
}

/**
 * Where the provider's hosted page returns (spec section 2, /account-callback). An `error` answer
 * (the silent sign-in's `login_required` when there is no session, or `access_denied` when the person
 * cancelled) goes to /login; otherwise the session is read and the person lands by spec section 4.
 */
export default function AccountCallbackPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const finishSignIn = useFinishSignIn();
  const [failure, setFailure] = useState<unknown>(null);

  const run = useCallback(() => {
    setFailure(null);
    finishSignIn().catch((rejection: unknown) => setFailure(rejection ?? new Error('Request failed')));
  }, [finishSignIn]);

  // Once per visit; a ref so React's strict double effect does not sign in twice.
  const started = useRef(false);
  useEffect(() => {
    if (error || started.current) return;
    started.current = true;
    run();
  }, [error, run]);

  if (error) return <Navigate to="/login" replace />;
  if (failure) {
    const { title, message } = describe(failure);
    return <SessionProblem title={title} message={message} onRetry={run} />;
  }
  return <LoadingOverlay label="Signing you in" />;
}
