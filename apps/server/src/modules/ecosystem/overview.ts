import type { MapCountry, mapQuery, Workspace } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../db/client';
import type { Actor } from '../../http/policy';
import { myApplications } from './applications';
import { reviewingCenters } from './centers';
import { myProjects } from './projects';
import { myStartups } from './startups';

/**
 * The ecosystem map: organisations (tenants placed by organisation_locations), startups and centers
 * counted per country, filtered by type and sector. Counts only: the map needs no rows, and a
 * country with nothing matching is left out.
 */
export async function ecosystemMap(db: DbOrTx, query: z.infer<typeof mapQuery>): Promise<MapCountry[]> {
  const want = (type: string) => !query.type || query.type === type;
  const parts: SQL[] = [];
  if (want('organisation'))
    parts.push(sql`select ol.country, 'organisation' as type from organisation_locations ol
      join tenants t on t.tenant_id = ol.tenant_id where t.is_deleted = false and t.suspended_at is null
      ${query.sector ? sql`and ol.sector = ${query.sector}` : sql``}`);
  if (want('startup'))
    parts.push(sql`select s.country, 'startup' as type from startups s where s.is_deleted = false
      ${query.sector ? sql`and s.sector = ${query.sector}` : sql``}`);
  if (want('center'))
    parts.push(sql`select ic.country, 'center' as type from innovation_centers ic where ic.is_deleted = false
      ${query.sector ? sql`and ic.sectors ? ${query.sector}` : sql``}`);
  const rows = await queryRows<{ country: string; organisations: number; startups: number; centers: number }>(
    db,
    sql`select country,
          count(*) filter (where type = 'organisation')::int as organisations,
          count(*) filter (where type = 'startup')::int as startups,
          count(*) filter (where type = 'center')::int as centers
        from (${sql.join(parts, sql` union all `)}) x group by country order by count(*) desc, country`,
  );
  return rows.map((row) => ({
    country: row.country,
    organisations: Number(row.organisations),
    startups: Number(row.startups),
    centers: Number(row.centers),
    total: Number(row.organisations) + Number(row.startups) + Number(row.centers),
  }));
}

/** `/innovation-workspace`: the caller's startups, projects, invitations, applications and next steps. */
export async function workspaceOf(db: DbOrTx, actor: Actor): Promise<Workspace> {
  const [startups, projects, applications, reviewing] = await Promise.all([
    myStartups(db, actor.userId),
    myProjects(db, actor.userId),
    myApplications(db, actor.userId),
    reviewingCenters(db, actor),
  ]);
  const next: Workspace['next_steps'] = [];
  if (startups.length === 0)
    next.push({
      text: 'Add your startup so centers and investors can find it.',
      link: '/innovation-workspace#new-startup',
    });
  for (const invitation of projects.invitations)
    next.push({
      text: `Answer the invitation to join “${invitation.title}”.`,
      link: `/project-overview/${invitation.project_id}`,
    });
  for (const application of applications.filter((a) => a.status === 'accepted'))
    next.push({
      text: `${application.startup.name} was accepted into ${application.cohort.name}: meet your programme at ${application.center.name}.`,
      link: `/innovation-center/overview/${application.center.center_id}`,
    });
  if (startups.length > 0 && applications.length === 0)
    next.push({ text: 'Apply to an open cohort of an innovation center.', link: '/explore-project' });
  if (startups.length > 0) next.push({ text: 'Look for investors with open calls.', link: '/funding-hub' });
  for (const center of reviewing)
    next.push({
      text: `Review the applications to ${center.name}.`,
      link: `/innovation-center/overview/${center.center_id}`,
    });
  return {
    startups,
    projects: projects.projects,
    invitations: projects.invitations,
    applications,
    reviewing,
    next_steps: next.slice(0, 8),
  };
}
