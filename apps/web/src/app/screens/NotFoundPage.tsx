import { homePath } from '../../shared/session/home-path';
import { NotFound } from '../../shared/ui/NotFound';
import { useAppSelector } from '../store';

/** The catch-all route: the shared 404 screen with the link target spec section 2 defines. */
export default function NotFoundPage() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  return <NotFound homeHref={homePath({ isLoggedIn, user })} />;
}
