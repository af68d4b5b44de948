import { homePath } from '../../shared/session/home-path';
import { NotFound } from '../../shared/ui/NotFound';
import { useInFrame } from '../layouts/frame-context';
import { useAppSelector } from '../store';

/** The shared 404 screen with the link target spec section 2 defines; drawn inside the frame if in one. */
export default function NotFoundPage() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  return <NotFound homeHref={homePath({ isLoggedIn, user })} framed={useInFrame()} />;
}
