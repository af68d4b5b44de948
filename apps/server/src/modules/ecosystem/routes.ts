import {
  addReviewerBody,
  answerInvitationBody,
  applicationItem,
  applicationList,
  centerBody,
  centerItem,
  centerList,
  centerSearchQuery,
  cohortApplicationsQuery,
  cohortBody,
  cohortItem,
  createApplicationBody,
  dataEnvelope,
  decideApplicationBody,
  ECOSYSTEM_API,
  ECOSYSTEM_MESSAGES,
  ecosystemIdParams,
  errorBody,
  inviteCollaboratorBody,
  mapCountry,
  mapQuery,
  organisationLocation,
  organisationLocationBody,
  projectBody,
  projectItem,
  projectList,
  projectSearchQuery,
  reviewApplicationBody,
  reviewedApplication,
  reviewedApplicationList,
  startupBody,
  startupCard,
  startupItem,
  startupList,
  startupSearchQuery,
  updateCenterBody,
  updateProjectBody,
  updateStartupBody,
  workspace,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { organisationLocations } from '../../db/schema';
import { badRequest, notFound, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import {
  createApplication,
  decideApplication,
  getApplication,
  listCohortApplications,
  myApplications,
  reviewApplication,
} from './applications';
import { addReviewer, createCenter, createCohort, getCenter, searchCenters, updateCenter } from './centers';
import { ecosystemMap, workspaceOf } from './overview';
import {
  answerInvitation,
  createProject,
  deleteProject,
  getProject,
  inviteCollaborator,
  searchProjects,
  updateProject,
} from './projects';
import {
  createStartup,
  deleteStartup,
  getStartup,
  myStartups,
  searchStartups,
  updateStartup,
} from './startups';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Startups, projects, centers, cohorts, applications, the map and the workspace under /api/ecosystem
 * (issue 19; docs/ecosystem.md). Every route needs a session; what one sees and changes is decided
 * per person (owner, center manager or reviewer, applicant), never by a privilege of a tenant.
 */
export function registerEcosystemRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const config = { policy: 'signedIn' } as const;
  const tags = ['ecosystem'];
  const E = ECOSYSTEM_API;
  const params = ecosystemIdParams;
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: dataEnvelope(schema), ...errors });
  const created = <T extends z.ZodType>(schema: T) => ({ 201: dataEnvelope(schema), ...errors });
  const gone = { 204: z.null(), ...errors };

  /* ---------- startups ---------- */
  typed.get(
    `${E}/getStartups`,
    {
      config,
      schema: {
        tags,
        summary: 'Search startups',
        querystring: startupSearchQuery,
        response: { 200: startupList, ...errors },
      },
    },
    async (request) => searchStartups(database, request.query),
  );
  typed.get(
    `${E}/getMyStartups`,
    { config, schema: { tags, summary: 'The startups I own', response: ok(z.array(startupCard)) } },
    async (request) => ({ data: await myStartups(db, actorOf(request).userId) }),
  );
  typed.get(
    `${E}/getStartups/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One startup (private fields to those entitled)',
        params,
        response: ok(startupItem),
      },
    },
    async (request) => ({ data: await getStartup(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${E}/createStartup`,
    {
      config,
      schema: { tags, summary: 'Add a startup I own', body: startupBody, response: created(startupItem) },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createStartup(db, actorOf(request), request.body) };
    },
  );
  typed.put(
    `${E}/updateStartup/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit my startup',
        params,
        body: updateStartupBody,
        response: ok(startupItem),
      },
    },
    async (request) => ({ data: await updateStartup(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.delete(
    `${E}/deleteStartup/:id`,
    { config, schema: { tags, summary: 'Delete my startup', params, response: gone } },
    async (request, reply) => {
      await deleteStartup(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  /* ---------- projects ---------- */
  typed.get(
    `${E}/getProjects`,
    {
      config,
      schema: {
        tags,
        summary: 'Search projects',
        querystring: projectSearchQuery,
        response: { 200: projectList, ...errors },
      },
    },
    async (request) => searchProjects(db, request.query),
  );
  typed.get(
    `${E}/getProjects/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One project with its team and milestones',
        params,
        response: ok(projectItem),
      },
    },
    async (request) => ({ data: await getProject(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${E}/createProject`,
    {
      config,
      schema: { tags, summary: 'Start a project', body: projectBody, response: created(projectItem) },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createProject(db, actorOf(request), request.body) };
    },
  );
  typed.put(
    `${E}/updateProject/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit my project',
        params,
        body: updateProjectBody,
        response: ok(projectItem),
      },
    },
    async (request) => ({ data: await updateProject(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.delete(
    `${E}/deleteProject/:id`,
    { config, schema: { tags, summary: 'Delete my project', params, response: gone } },
    async (request, reply) => {
      await deleteProject(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  typed.post(
    `${E}/inviteCollaborator/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Invite a collaborator to my project',
        params,
        body: inviteCollaboratorBody,
        response: created(projectItem),
      },
    },
    async (request, reply) => {
      const item = await inviteCollaborator(db, actorOf(request), request.params.id, request.body);
      app.realtime
        .toUsers([request.body.user_id])
        .emit({ type: 'project.invited', ids: [item.project_id], tags: ['Workspace'] });
      reply.code(201);
      return { data: item };
    },
  );
  typed.post(
    `${E}/answerInvitation/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Accept or decline an invitation to a project',
        params,
        body: answerInvitationBody,
        response: ok(projectItem),
      },
    },
    async (request) => ({
      data: await answerInvitation(db, actorOf(request), request.params.id, request.body),
    }),
  );

  /* ---------- centers and cohorts ---------- */
  typed.get(
    `${E}/getCenters`,
    {
      config,
      schema: {
        tags,
        summary: 'Search innovation centers',
        querystring: centerSearchQuery,
        response: { 200: centerList, ...errors },
      },
    },
    async (request) => searchCenters(db, request.query),
  );
  typed.get(
    `${E}/getCenters/:id`,
    { config, schema: { tags, summary: 'One center with its cohorts', params, response: ok(centerItem) } },
    async (request) => ({ data: await getCenter(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${E}/createCenter`,
    {
      config,
      schema: { tags, summary: 'Add an innovation center', body: centerBody, response: created(centerItem) },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createCenter(db, actorOf(request), request.body) };
    },
  );
  typed.put(
    `${E}/updateCenter/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit a center I manage',
        params,
        body: updateCenterBody,
        response: ok(centerItem),
      },
    },
    async (request) => ({ data: await updateCenter(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.post(
    `${E}/addReviewer/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Name a reviewer of a center I manage',
        params,
        body: addReviewerBody,
        response: ok(centerItem),
      },
    },
    async (request) => ({ data: await addReviewer(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.post(
    `${E}/createCohort/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Open a cohort of a center I manage',
        params,
        body: cohortBody,
        response: created(cohortItem),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createCohort(db, actorOf(request), request.params.id, request.body) };
    },
  );

  /* ---------- applications ---------- */
  typed.post(
    `${E}/createApplication`,
    {
      config,
      schema: {
        tags,
        summary: 'Apply to an open cohort with my startup',
        body: createApplicationBody,
        response: created(applicationItem),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createApplication(db, actorOf(request), request.body) };
    },
  );
  typed.get(
    `${E}/getMyApplications`,
    {
      config,
      schema: {
        tags,
        summary: 'My applications and their status',
        response: { 200: applicationList, ...errors },
      },
    },
    async (request) => {
      const data = await myApplications(db, actorOf(request).userId);
      return { data, meta: { limit: 200, next_cursor: null } };
    },
  );
  typed.get(
    `${E}/getCohortApplications/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'A cohort’s applications with reviews (reviewers only)',
        params,
        querystring: cohortApplicationsQuery,
        response: { 200: reviewedApplicationList, ...errors },
      },
    },
    async (request) => listCohortApplications(db, actorOf(request), request.params.id, request.query),
  );
  typed.get(
    `${E}/getApplications/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'One application: with reviews to reviewers, plain to its applicant',
        params,
        response: ok(z.union([reviewedApplication, applicationItem])),
      },
    },
    async (request) => ({ data: await getApplication(db, actorOf(request), request.params.id) }),
  );
  typed.post(
    `${E}/reviewApplication/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Rate an application on the center’s criteria',
        params,
        body: reviewApplicationBody,
        response: ok(reviewedApplication),
      },
    },
    async (request) => ({
      data: await reviewApplication(db, actorOf(request), request.params.id, request.body),
    }),
  );
  typed.post(
    `${E}/decideApplication/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Shortlist, accept or decline an application',
        params,
        body: decideApplicationBody,
        response: ok(reviewedApplication),
      },
    },
    async (request) => {
      const item = await decideApplication(db, actorOf(request), request.params.id, request.body);
      app.realtime
        .toUsers([item.applicant.user_id])
        .emit({ type: 'application.decided', ids: [item.application_id], tags: ['Workspace'] });
      return { data: item };
    },
  );

  /* ---------- map, workspace, organisation location ---------- */
  typed.get(
    `${E}/getMap`,
    {
      config,
      schema: {
        tags,
        summary: 'Organisations, startups and centers counted per country',
        querystring: mapQuery,
        response: ok(z.array(mapCountry)),
      },
    },
    async (request) => ({ data: await ecosystemMap(db, request.query) }),
  );
  typed.get(
    `${E}/getWorkspace`,
    {
      config,
      schema: {
        tags,
        summary: 'My startups, projects, applications and next steps',
        response: ok(workspace),
      },
    },
    async (request) => ({ data: await workspaceOf(db, actorOf(request)) }),
  );
  typed.put(
    `${E}/updateOrganisationLocation`,
    {
      config: { policy: 'tenantAdmin' },
      schema: {
        tags,
        summary: 'Place my organisation on the ecosystem map',
        body: organisationLocationBody,
        response: ok(organisationLocation),
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (actor.tenantId === null) throw badRequest('Switch to your organisation first.');
      const values = {
        tenant_id: actor.tenantId,
        country: request.body.country,
        sector: request.body.sector,
      };
      const [row] = await db
        .insert(organisationLocations)
        .values(values)
        .onConflictDoUpdate({
          target: organisationLocations.tenant_id,
          set: { ...values, modified_at: new Date() },
        })
        .returning();
      if (!row) throw notFound(ECOSYSTEM_MESSAGES.centerNotFound);
      return { data: { tenant_id: row.tenant_id, country: row.country, sector: row.sector } };
    },
  );
}
