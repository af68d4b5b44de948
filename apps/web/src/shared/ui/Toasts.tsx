import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToToastRequests, toastsRequested } from './notify';

const ToastViewport = lazy(() => import('./ToastViewport'));

/** Mounts the toast container once the first toast is requested (see `notify`). */
export function Toasts() {
  const needed = useSyncExternalStore(subscribeToToastRequests, toastsRequested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToastViewport />
    </Suspense>
  );
}
