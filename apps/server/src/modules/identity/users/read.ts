import { type searchUsersQuery, USER_MESSAGES, type User } from '@nexus/contracts';
import { and, asc, count, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { roles, tenants, userRoles, users } from '../../../db/schema';
import { forbidden } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import { administeredTenant, type UserAccess, userAccess } from './policy';
import { loadHeldRoles, loadUsers, userNotFound } from './user-view';

/**
 * What the caller may do to user `targetId`. A member asking for someone else gets 403 before any
 * lookup (so the answer confirms nothing); a tenant admin gets 404 for a user outside their tenant.
 */
export async function accessById(db: DbOrTx, actor: Actor, targetId: number): Promise<UserAccess> {
  const tenantAdminOf = administeredTenant(actor);
  if (!actor.isPlatformAdmin && targetId !== actor.userId && tenantAdminOf === null) {
    throw forbidden(USER_MESSAGES.onlyOwnRecord);
  }
  const tenants =
    tenantAdminOf === null
      ? []
      : ((await loadHeldRoles(db, [targetId])).get(targetId) ?? []).map((role) => role.tenant_id ?? null);
  const access = userAccess(actor, targetId, tenants);
  if (!access) throw userNotFound();
  return access;
}

export interface UserLookup {
  userId?: number;
  email?: string;
  username?: string;
}

async function idOfLiveUser(db: DbOrTx, where: SQL): Promise<number | undefined> {
  const [row] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(where, eq(users.is_deleted, false)));
  return row?.user_id;
}

/**
 * Finds a user by id, or else by email or username (spec section 5: a user id must be a number,
 * otherwise the user is looked up by email; still missing is 'User not found', 404). A member may
 * look up only themselves: another address is 403 whether or not it exists.
 */
export async function locateUser(
  db: DbOrTx,
  actor: Actor,
  lookup: UserLookup,
): Promise<{ userId: number; access: UserAccess }> {
  if (lookup.userId !== undefined) {
    return { userId: lookup.userId, access: await accessById(db, actor, lookup.userId) };
  }
  const where = lookup.email
    ? eq(users.email, lookup.email)
    : lookup.username
      ? eq(users.username, lookup.username)
      : undefined;
  if (!where) throw userNotFound();
  if (!actor.isPlatformAdmin && administeredTenant(actor) === null) {
    const own = await idOfLiveUser(db, and(where, eq(users.user_id, actor.userId)) as SQL);
    if (own === undefined) throw forbidden(USER_MESSAGES.onlyOwnRecord);
    return { userId: own, access: { self: true, platformAdmin: false, tenantId: null } };
  }
  const found = await idOfLiveUser(db, where);
  if (found === undefined) throw userNotFound();
  return { userId: found, access: await accessById(db, actor, found) };
}

type SearchQuery = z.output<typeof searchUsersQuery>;

const SORT_COLUMNS = {
  user_id: users.user_id,
  username: users.username,
  email: users.email,
  firstName: users.first_name,
  lastName: users.last_name,
  created_at: users.created_at,
} as const;

/** Lower-case runs of letters and digits, as program search reads them (at most 16 of 64 characters). */
function searchWords(search: string): string[] {
  return (search.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 16).map((word) => word.slice(0, 64));
}

/** Shorter words have too few trigrams to tell a typo from another word: they must appear as typed. */
const TYPO_MIN_LENGTH = 4;

/**
 * A typed word in a user's first name, last name or username allowing a typo (pg_trgm word similarity,
 * threshold set in db/client.ts). Words are letters and digits only (searchWords): LIKE needs no escape.
 */
function nearName(word: string): SQL {
  const columns = [users.first_name, users.last_name, users.username];
  if (word.length < TYPO_MIN_LENGTH) return or(...columns.map((column) => ilike(column, `%${word}%`))) as SQL;
  return or(...columns.map((column) => sql`${word}::text operator(public.<%) ${column}`)) as SQL;
}

/**
 * `search` as a condition: a substring of the username, email or name; with `typos`, every word of it
 * close to a name or the username instead (the fallback of a search that found nothing).
 */
function searchMatch(search: string, typos: boolean): SQL {
  if (typos) {
    const words = searchWords(search);
    return words.length > 0 ? (and(...words.map(nearName)) as SQL) : sql`false`;
  }
  const pattern = `%${search.replace(/[\\%_]/g, '\\$&')}%`;
  return or(
    ilike(users.username, pattern),
    ilike(users.email, pattern),
    ilike(users.first_name, pattern),
    ilike(users.last_name, pattern),
    sql`concat_ws(' ', ${users.first_name}, ${users.last_name}) ilike ${pattern}`,
  ) as SQL;
}

function searchConditions(db: DbOrTx, query: SearchQuery, typos = false): SQL {
  const parts: (SQL | undefined)[] = [eq(users.is_deleted, false)];
  if (query.search) parts.push(searchMatch(query.search, typos));
  if (query.enabled !== undefined) parts.push(eq(users.enabled, query.enabled));
  if (query.otpVerified !== undefined) parts.push(eq(users.email_verified, query.otpVerified));
  if (query.user_ids?.length) parts.push(inArray(users.user_id, query.user_ids));
  if (query.gender?.length)
    parts.push(
      inArray(
        sql`lower(${users.gender})`,
        query.gender.map((g) => g.toLowerCase()),
      ),
    );
  if (query.role_ids?.length || query.tenant_ids?.length) {
    // The same grant must match both lists: "role 3 inside tenant 7", not role 3 anywhere and tenant 7 anywhere.
    parts.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .innerJoin(roles, eq(roles.role_id, userRoles.role_id))
          .where(
            and(
              eq(userRoles.user_id, users.user_id),
              eq(userRoles.is_deleted, false),
              eq(roles.is_deleted, false),
              query.role_ids?.length ? inArray(userRoles.role_id, query.role_ids) : undefined,
              query.tenant_ids?.length ? inArray(userRoles.tenant_id, query.tenant_ids) : undefined,
            ),
          ),
      ),
    );
  }
  return and(...parts) as SQL;
}

/** api/auth/searchUsers: users with their roles, one page, with the total (spec sections 7 and 9). */
export async function searchUsers(
  db: DbOrTx,
  query: SearchQuery,
): Promise<{ data: User[]; meta: { page: number; limit: number; total: number; totalPages: number } }> {
  let where = searchConditions(db, query);
  const order = query.sortOrder === 'asc' ? asc : desc;
  const column = SORT_COLUMNS[query.sortField];
  let [counted] = await db.select({ total: count() }).from(users).where(where);
  // Nothing found: the names again, allowing a typo ("Katherin Jonson"). Only after a miss, so a search
  // that finds something costs no more; the substring search scans the table already, and so does
  // this one (no trigram index on users), on the platform administrator's list only.
  if ((counted?.total ?? 0) === 0 && query.search && searchWords(query.search).length > 0) {
    where = searchConditions(db, query, true);
    [counted] = await db.select({ total: count() }).from(users).where(where);
  }
  const page = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(where)
    .orderBy(...(column === users.user_id ? [order(users.user_id)] : [order(column), order(users.user_id)]))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total = counted?.total ?? 0;
  return {
    data: await withTenantNames(
      db,
      await loadUsers(
        db,
        page.map((row) => row.user_id),
      ),
    ),
    meta: { page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) },
  };
}

/**
 * Names the tenant of each role held in one (searchUsers is the platform administrator's list, which
 * shows where each role is held); main-platform roles keep no name.
 */
async function withTenantNames(db: DbOrTx, list: User[]): Promise<User[]> {
  const ids = [...new Set(list.flatMap((item) => (item.roles ?? []).map((role) => role.tenant_id)))].filter(
    (id): id is number => typeof id === 'number',
  );
  if (ids.length === 0) return list;
  const rows = await db
    .select({ tenant_id: tenants.tenant_id, tenant_name: tenants.tenant_name })
    .from(tenants)
    .where(inArray(tenants.tenant_id, ids));
  const names = new Map(rows.map((row) => [row.tenant_id, row.tenant_name]));
  return list.map((item) => ({
    ...item,
    roles: item.roles?.map((role) =>
      typeof role.tenant_id === 'number' ? { ...role, tenant_name: names.get(role.tenant_id) ?? null } : role,
    ),
  }));
}
