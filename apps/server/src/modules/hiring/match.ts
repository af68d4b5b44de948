import { type MatchedAnswer, POSTING_TYPE_LABELS, type PostingType } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Actor } from '../../http/policy';
import { OPEN_SQL, type PostingRow, toItem } from './postings';

interface ProfileTerms {
  skills: string[];
  locations: string[];
  types: string[];
  remote: boolean;
}

const words = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : [];
const lower = (values: string[]) => [...new Set(values.map((v) => v.trim().toLowerCase()))].slice(0, 60);

/** What the viewer's profile says they bring and want: skills of every section, job preferences, place. */
async function profileTerms(database: Database, userId: number): Promise<ProfileTerms> {
  const [user] = await database.read<{ location: string | null }>(
    sql`select location from users where user_id = ${userId}`,
    false,
    'all',
  );
  const sections = await database.read<{ data: Record<string, unknown> }>(
    sql`select data from profile_sections where user_id = ${userId} and is_deleted = false`,
    false,
    'all',
  );
  const skills: string[] = [];
  const locations: string[] = user?.location ? [user.location.split(',')[0] ?? ''] : [];
  const types: string[] = [];
  let remote = false;
  for (const { data } of sections) {
    skills.push(...words(data.skills));
    const prefs = data.job_preferences as Record<string, unknown> | undefined;
    if (prefs) {
      locations.push(...words(prefs.locations));
      types.push(...words(prefs.job_types));
      if (prefs.work_place === 'remote' || prefs.work_place === 'hybrid') remote = true;
    }
  }
  return { skills: lower(skills), locations: lower(locations), types: lower(types), remote };
}

/**
 * The hub (issue 20 point 2): open postings ranked by how well they fit the viewer's profile (shared
 * skills, a preferred place or remote work, a wanted job type), then the newest of the rest.
 */
export async function matchedPostings(database: Database, actor: Actor): Promise<MatchedAnswer> {
  const terms = await profileTerms(database, actor.userId);
  const skillsJson = JSON.stringify(terms.skills);
  const placesJson = JSON.stringify(terms.locations);
  const typesJson = JSON.stringify(terms.types);
  const rows = await database.read<PostingRow & { hits: string[] | null; place: boolean; type_hit: boolean }>(
    sql`select * from (
        select p.posting_id, p.tenant_id, t.tenant_name as organisation, p.title, p.job_type, p.remote, p.city,
          p.country, left(p.description_text, 240) as description_text, p.skills, p.status, p.posted_at,
          p.closes_at,
          array(select s from unnest(p.skills) s
            where lower(s) in (select jsonb_array_elements_text(${skillsJson}::jsonb))) as hits,
          (lower(coalesce(p.city, '')) in (select jsonb_array_elements_text(${placesJson}::jsonb))
            or (p.remote and ${terms.remote})) as place,
          (p.job_type in (select jsonb_array_elements_text(${typesJson}::jsonb))) as type_hit
        from job_postings p join tenants t on t.tenant_id = p.tenant_id where ${OPEN_SQL}) m
      where cardinality(m.hits) > 0 or m.place or m.type_hit
      order by cardinality(m.hits) * 2 + m.place::int + m.type_hit::int desc, m.posted_at desc limit 20`,
    false,
    'all',
  );
  const matchedIds = rows.map((row) => row.posting_id);
  const others = await database.read<PostingRow>(
    sql`select p.posting_id, p.tenant_id, t.tenant_name as organisation, p.title, p.job_type, p.remote, p.city,
        p.country, left(p.description_text, 240) as description_text, p.skills, p.status, p.posted_at,
        p.closes_at
      from job_postings p join tenants t on t.tenant_id = p.tenant_id
      where ${OPEN_SQL} and not (p.posting_id = any(${`{${matchedIds.join(',')}}`}::int[]))
      order by p.posted_at desc nulls last, p.posting_id desc nulls last limit 20`,
    false,
    'all',
  );
  return {
    matched: rows.map((row) => {
      const reasons = (row.hits ?? []).map((skill) => `Skill: ${skill}`);
      if (row.place) reasons.push(row.remote ? 'Remote work' : `In ${row.city}`);
      if (row.type_hit) reasons.push(POSTING_TYPE_LABELS[row.job_type as PostingType]);
      return { ...toItem(row), reasons };
    }),
    others: others.map(toItem),
    profile_terms: [...terms.skills, ...terms.locations],
  };
}
