import { landingPath, type TenantLike } from '../../shared/session/home-path';
import type { LoadedSession } from '../../shared/session/session-load';
import type { SessionRole } from '../../shared/session/types';

/** Registration forms outside /registration/* (spec section 2). */
const REGISTRATION_FORMS = ['/individual-registration', '/volunteer-registration'];

export interface StoredTenantContext {
  currentTenant: TenantLike | null;
  currentRole: SessionRole | null;
}

/**
 * The landing path right after sign-in (spec section 4). Landing reads the active role as the user
 * service stored it: a multi-role user without one goes to /select-role, even though the session
 * meanwhile uses the first role.
 */
export function landingAfterSignIn(
  session: LoadedSession,
  tenant: StoredTenantContext,
  returnTo: string | undefined,
): string {
  return landingPath({
    returnTo,
    user: {
      roles: session.user.roles,
      active_role: session.activeRoleStored ? session.user.active_role : null,
      registration_redirect: session.user.registration_redirect,
    },
    currentTenant: tenant.currentTenant,
    currentRole: tenant.currentRole,
  });
}

/**
 * The registration_redirect sent when the user record has to be created: the registration form the
 * person was heading for, if the page they asked for is part of onboarding; else /onboarding.
 */
export function registrationRedirectFor(returnTo: string | undefined): string {
  const pathname = returnTo?.split(/[?#]/, 1)[0];
  if (!pathname) return '/onboarding';
  const isForm = pathname.startsWith('/registration/') || REGISTRATION_FORMS.includes(pathname);
  return isForm ? pathname : '/onboarding';
}
