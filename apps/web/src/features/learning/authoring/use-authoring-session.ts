import { useAppSelector } from '../../../app/store';
import { type AuthoringSession, authoringTenant, canAuthorPrograms, ownerLabel } from './authoring-access';

export interface AuthoringScope {
  canAuthor: boolean;
  /** The tenant whose programs are authored here, or null for the whole platform. */
  tenantId: number | null;
  owner: string;
  userId: number;
}

/** The author's context from the session: whether the acting role may author, and for whom. */
export function useAuthoringScope(): AuthoringScope {
  const auth = useAppSelector((state) => state.auth);
  const session: AuthoringSession = auth;
  return {
    canAuthor: canAuthorPrograms(session),
    tenantId: authoringTenant(session)?.tenant_id ?? null,
    owner: ownerLabel(session),
    userId: auth.user?.user_id ?? 0,
  };
}
