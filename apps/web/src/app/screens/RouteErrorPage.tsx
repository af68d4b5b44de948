import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { homePath } from '../../shared/session/home-path';
import { ErrorScreen } from '../../shared/ui/ErrorScreen';
import { useAppSelector } from '../store';

/** The root route's errorElement: whatever a page or loader threw lands here (spec section 2). */
export function RouteErrorPage() {
  const error = useRouteError();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);

  useEffect(() => {
    document.title = 'Error · Nexus';
  }, []);

  return <ErrorScreen error={error} homeHref={homePath({ isLoggedIn, user })} />;
}
