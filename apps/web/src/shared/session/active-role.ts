interface RoleKey {
  role_id: number;
  tenant_id?: number | null;
}

/** Same role: the same role id held in the same tenant (null and absent both mean the main platform). */
export function sameRole(a: RoleKey, b: RoleKey): boolean {
  return a.role_id === b.role_id && (a.tenant_id ?? null) === (b.tenant_id ?? null);
}

export interface ResolvedRoles<R> {
  roles: R[];
  active: R;
  /** True when the active role was not set (or no longer held) and the first role was chosen. */
  firstRoleMadeActive: boolean;
}

/**
 * Spec section 4: the active role is the stored active role if it is among the user's roles, otherwise
 * the first role; a user with no roles gets the role temp (passed in, see TEMP_ROLE in home-path.ts).
 */
export function resolveActiveRole<R extends RoleKey>(
  roles: readonly R[] | null | undefined,
  stored: R | null | undefined,
  temp: R,
): ResolvedRoles<R> {
  const held = roles ?? [];
  if (held.length === 0) return { roles: [temp], active: temp, firstRoleMadeActive: false };
  const kept = stored ? held.find((role) => sameRole(role, stored)) : undefined;
  if (kept) return { roles: [...held], active: kept, firstRoleMadeActive: false };
  return { roles: [...held], active: held[0]!, firstRoleMadeActive: true };
}
