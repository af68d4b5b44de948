import { Navigate } from 'react-router';
import { useAppSelector } from '../../../app/store';
import { currentRoleOf, homePath } from '../../../shared/session/home-path';
import AdminCenterPage from './AdminCenterPage';

/**
 * `/` (spec section 2, "admin view"): the admin center for an admin role view, in the current tenant
 * when one is set; anyone else goes to the home of their role by the landing rule (signed-out
 * visitors never get here: the private guard sends them to /login).
 */
export default function EntryAdminPage() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  // Inside a tenant the stored tenant role decides (spec section 4), elsewhere the session's role.
  const tenantRole = useAppSelector((state) =>
    state.auth.roleContext === 'tenant' ? state.auth.currentRole : null,
  );
  if ((tenantRole ?? currentRoleOf(user))?.role_view === 'admin') return <AdminCenterPage />;
  return <Navigate to={homePath({ isLoggedIn, user })} replace />;
}
