import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/client';
import { registerAuthUserRoutes } from './admin-routes';
import { registerProfileRoutes } from './profile-routes';
import { registerUserRoutes } from './users-routes';

/**
 * The user service of spec section 7 (identity issue parts 1 and 6): global-user/users through the
 * resource factory, global-user/profile, and the administrator's account calls under api/auth.
 */
export function registerUsers(app: FastifyInstance, database: Database): void {
  const usersStore = registerUserRoutes(app, database);
  registerProfileRoutes(app, database, usersStore);
  registerAuthUserRoutes(app, database);
}
