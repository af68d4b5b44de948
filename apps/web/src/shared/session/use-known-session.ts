import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { restoreSession } from './auth-slice';

/**
 * Public pages render without the private guard, so a full load of /search-jobs or of a resource's page does not know a
 * signed-in person yet: read the session once, quietly (a signed-out visitor simply stays one), as
 * the invitation page does. True once signed in.
 */
export function useKnownSession(): boolean {
  const dispatch = useAppDispatch();
  const isLoggedIn = useAppSelector((state) => state.auth.isLoggedIn);
  const checked = useRef(false);
  useEffect(() => {
    if (isLoggedIn || checked.current) return;
    checked.current = true;
    void dispatch(restoreSession());
  }, [dispatch, isLoggedIn]);
  return isLoggedIn;
}
