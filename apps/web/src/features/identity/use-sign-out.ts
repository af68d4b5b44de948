import { MESSAGES } from '@nexus/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/store';
import { signOut } from '../../shared/session/auth-slice';
import { notify } from '../../shared/ui/notify';

/**
 * Sign out (spec sections 2 and 8): end the session on the server, clear the state, visit /login.
 * A failure keeps the session and toasts 'Logout failed'.
 */
export function useSignOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await dispatch(signOut()).unwrap();
    } catch {
      notify.error(MESSAGES.logoutFailed);
      return;
    }
    navigate('/login', { replace: true });
  }, [dispatch, navigate]);
}
