/** Users (accounts, roles held, profiles of record): what other areas and the auth layer may use. */

export { type Child, childrenOf } from './children';
export { assertKeepsPlatformAdmin, assertKeepsTenantAdmin } from './last-admin';
export { replaceRoles } from './roles';
export { registerUsers } from './routes';
export { loadUser } from './user-view';
export { conflictOf } from './write';
