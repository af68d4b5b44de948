import { useEffect } from 'react';
import { homePath } from '../../shared/session/home-path';
import { NotFound } from '../../shared/ui/NotFound';
import { useInFrame } from '../layouts/frame-context';
import { useAppSelector } from '../store';

export const NOT_FOUND_TITLE = 'Page not found · Nexus';

/** The shared 404 screen with the link target spec section 2 defines; drawn inside the frame if in one. */
export default function NotFoundPage() {
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const user = useAppSelector((state) => state.auth.user);
  const framed = useInFrame();
  // A route such as a tenant's admin center answers with this page to a non-member; the root layout
  // titles it after the route, so the title is set once the layout's own effect has run.
  useEffect(() => {
    if (!framed) return;
    const timer = window.setTimeout(() => {
      document.title = NOT_FOUND_TITLE;
    });
    return () => window.clearTimeout(timer);
  }, [framed]);
  return <NotFound homeHref={homePath({ isLoggedIn, user })} framed={framed} />;
}
