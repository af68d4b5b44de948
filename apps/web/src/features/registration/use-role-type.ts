import { useLocation } from 'react-router';

/**
 * The role type a shared form page serves, from the last path segment (`/registration/accelerator`
 * → `accelerator`). A page module is shared by several routes, so it cannot take a prop.
 */
export function useRoleTypeFromPath<T extends string>(allowed: readonly T[], fallback: T): T {
  const { pathname } = useLocation();
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  return (allowed as readonly string[]).includes(segment) ? (segment as T) : fallback;
}
