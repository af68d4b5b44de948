import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import { CookieConsent } from '../../shared/ui/CookieConsent';
import { LoadingOverlay } from '../../shared/ui/LoadingOverlay';
import { Toasts } from '../../shared/ui/Toasts';
import type { RouteHandle } from '../route-table';

const PRODUCT = 'Nexus';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** Page title from the deepest matched route's contract title (spec section 2 route table). */
function useDocumentTitle() {
  const matches = useMatches();
  const title = [...matches].reverse().find((match) => isRouteHandle(match.handle))?.handle as
    | RouteHandle
    | undefined;
  const text = title ? `${title.title} · ${PRODUCT}` : `Page not found · ${PRODUCT}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
}

/** Wraps every route: title, cookie banner and toasts; a lazy page being fetched shows the overlay. */
export function RootLayout() {
  useDocumentTitle();
  const navigation = useNavigation();
  return (
    <>
      <Outlet />
      {navigation.state === 'loading' && <LoadingOverlay />}
      <CookieConsent />
      <Toasts />
    </>
  );
}
