import { Navigate } from 'react-router';
import { homePath } from '../../shared/session/home-path';
import { useAppSelector } from '../store';

/**
 * `/` until the admin view has a page (administration area): spec section 2 sends a signed-out visitor
 * to /login; a signed-in one goes to the home of their role by the same rule as the 404 link.
 */
export default function EntryRedirect() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  return <Navigate to={homePath({ isLoggedIn, user })} replace />;
}
