/** Access (roles, privileges, grants, the seat ledger): what other areas may use. */
export { installPrivilegeInvalidation, PrivilegeCache } from './actor-privileges';
export { assertGroupableUser, assertMenu } from './checks';
export { constrain } from './constrain';
export {
  administersTenant,
  dropTempRole,
  type Grant,
  type GrantableRole,
  type GrantRefusal,
  grantRefusal,
  grantRole,
  PLATFORM_ADMIN_ROLE_ID,
} from './grants';
export { holdsCustomRolesPrivilege } from './policy';
export { registerAccess } from './routes';
export { assertSeatAvailable, refreshUserUsage } from './seat-ledger';
