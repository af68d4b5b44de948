import { useAppSelector } from '../../app/store';

/** The seeded platform admin role (spec section 4) and the teacher role's name (issue 5). */
const PLATFORM_ADMIN_ROLE_ID = 1;
const TEACHER_ROLE_NAME = 'teacher';

interface RoleLike {
  role_id: number;
  role_name?: string;
  role_view?: string;
  tenant_id?: number | null;
}

/**
 * Whether the session may author assessments: platform admins, and teachers or admins of the current
 * tenant (or of the main platform). The server decides; this only hides what it would refuse.
 */
export function isAssessmentAuthor(roles: RoleLike[], tenantId: number | null): boolean {
  return roles.some((role) => {
    const here = (role.tenant_id ?? null) === tenantId;
    if (role.role_id === PLATFORM_ADMIN_ROLE_ID && !role.tenant_id) return true;
    if (!here) return false;
    return role.role_name === TEACHER_ROLE_NAME || (tenantId !== null && role.role_view === 'admin');
  });
}

export function useAssessmentAuthor(): boolean {
  return useAppSelector((state) =>
    isAssessmentAuthor(state.auth.user?.roles ?? [], state.auth.currentTenant?.tenant_id ?? null),
  );
}
