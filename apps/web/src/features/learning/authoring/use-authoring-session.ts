import { shallowEqual } from 'react-redux';
import { type RootState, useAppSelector } from '../../../app/store';
import { type AuthoringSession, authoringTenant, canAuthorPrograms, ownerLabel } from './authoring-access';

export interface AuthoringScope {
  canAuthor: boolean;
  /** The tenant whose programs are authored here, or null for the whole platform. */
  tenantId: number | null;
  owner: string;
  userId: number;
}

function selectAuthoringScope(state: RootState): AuthoringScope {
  const session: AuthoringSession = state.auth;
  return {
    canAuthor: canAuthorPrograms(session),
    tenantId: authoringTenant(session)?.tenant_id ?? null,
    owner: ownerLabel(session),
    userId: state.auth.user?.user_id ?? 0,
  };
}

/**
 * The author's context from the session: whether the acting role may author, and for whom. Compared
 * field by field, so a session change that leaves these alone (a refreshed profile) re-renders nothing.
 */
export function useAuthoringScope(): AuthoringScope {
  return useAppSelector(selectAuthoringScope, shallowEqual);
}
