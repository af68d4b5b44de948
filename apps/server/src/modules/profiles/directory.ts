import { type ProfileCard, type ProfileList, type searchProfilesQuery, TEMP_ROLE_ID } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Actor } from '../../http/policy';
import { closeTo, liveUser, mainSettingsJoin, roleNamesOf } from './queries';

/** At most this many words of a search are matched (each must hit a name, the username or headline). */
const MAX_SEARCH_WORDS = 5;

/** `%`, `_` and `\` match literally inside an ILIKE pattern. */
function likePattern(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL form of canSeeProfile (policy.ts): the directory lists only profiles the viewer may open. */
function visibleTo(viewer: Actor): SQL {
  if (viewer.isPlatformAdmin) return sql`true`;
  return sql`(u.user_id = ${viewer.userId}
    or coalesce(s.profile_visibility, 'public') = 'public'
    or (s.profile_visibility = 'connections' and ${closeTo(viewer.userId)}))`;
}

function searchMatches(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => {
      const pattern = likePattern(word);
      return sql`(u.username ilike ${pattern} or u.first_name ilike ${pattern}
        or u.last_name ilike ${pattern} or u.headline ilike ${pattern})`;
    }),
    sql` and `,
  );
}

/** Members who have a real role (not only the temporary one), optionally one given role. */
function holdsRole(roleId: number | undefined): SQL {
  const which = roleId === undefined ? sql`` : sql` and ur.role_id = ${roleId}`;
  return sql`exists (
    select 1 from user_roles ur
    where ur.user_id = u.user_id and ur.is_deleted = false and ur.role_id <> ${TEMP_ROLE_ID}${which}
  )`;
}

interface CardRow {
  user_id: number;
  username: string;
  first_name: string | null;
  last_name: string | null;
  profile_image: string | null;
  headline: string | null;
  location: string | null;
}

/**
 * The member directory (/profiles): visible profiles only, paged on the server. Pages walk the
 * unique username index in order; the role filter uses user_roles' role index. Substring search
 * cannot use a b-tree index: docs/profiles.md names the trigram index that would serve it at scale.
 */
export async function searchProfiles(
  db: DbOrTx,
  viewer: Actor,
  query: z.output<typeof searchProfilesQuery>,
): Promise<ProfileList> {
  const conditions = [liveUser, holdsRole(query.role_id), visibleTo(viewer)];
  const search = searchMatches(query.search);
  if (search) conditions.push(search);
  const where = sql.join(conditions, sql` and `);
  const from = sql`from users u ${mainSettingsJoin} where ${where}`;
  const offset = (query.page - 1) * query.limit;
  // Privacy comes from each user's main-platform settings row (row-level security scope 'main').
  const [countRows, rows] = await inScope(db, 'main', (tx) =>
    Promise.all([
      queryRows<{ total: number }>(tx, sql`select count(*)::int as total ${from}`),
      queryRows<CardRow>(
        tx,
        sql`select u.user_id, u.username, u.first_name, u.last_name, u.profile_image, u.headline, u.location
            ${from}
            order by u.username
            limit ${query.limit} offset ${offset}`,
      ),
    ]),
  );
  const total = countRows[0]?.total ?? 0;
  const roles = await roleNamesOf(
    db,
    rows.map((row) => row.user_id),
  );
  const data: ProfileCard[] = rows.map((row) => ({
    user_id: row.user_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    profile_image: row.profile_image,
    headline: row.headline,
    location: row.location,
    roles: roles.get(row.user_id) ?? [],
  }));
  return {
    data,
    meta: {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
      totalExact: true,
    },
  };
}
