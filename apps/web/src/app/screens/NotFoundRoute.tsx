import { lazy, Suspense } from 'react';
import { LoadingOverlay } from '../../shared/ui/LoadingOverlay';
import { useInFrame } from '../layouts/frame-context';
import { useAppSelector } from '../store';
import NotFoundPage from './NotFoundPage';

const FramedNotFound = lazy(() => import('./FramedNotFound'));

/**
 * What an unknown path shows (spec section 2). A signed-in person keeps the application frame (menu,
 * header) so they are never stranded (issue 23 part 11); a signed-out visitor gets the bare page,
 * without downloading the frame.
 */
export default function NotFoundRoute() {
  const signedIn = useAppSelector((state) => state.auth.isLoggedIn && state.auth.user !== null);
  const inFrame = useInFrame();
  if (!signedIn || inFrame) return <NotFoundPage />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <FramedNotFound />
    </Suspense>
  );
}
