import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { type AuthState, restoreSession } from './auth-slice';

// Typed over the auth slice only, so shared code needs nothing from the app layer's store.
const useSessionSelector = useSelector.withTypes<{ auth: AuthState }>();
const useSessionDispatch =
  useDispatch.withTypes<ThunkDispatch<{ auth: AuthState }, unknown, UnknownAction>>();

/**
 * Public pages render without the private guard, so a full load of /search-jobs or of a resource's page does not know a
 * signed-in person yet: read the session once, quietly (a signed-out visitor simply stays one), as
 * the invitation page does. True once signed in.
 */
export function useKnownSession(): boolean {
  const dispatch = useSessionDispatch();
  const isLoggedIn = useSessionSelector((state) => state.auth.isLoggedIn);
  const checked = useRef(false);
  useEffect(() => {
    if (isLoggedIn || checked.current) return;
    checked.current = true;
    void dispatch(restoreSession());
  }, [dispatch, isLoggedIn]);
  return isLoggedIn;
}
