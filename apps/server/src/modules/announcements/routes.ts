import {
  ANNOUNCEMENT_REALTIME,
  ANNOUNCEMENTS_API,
  announcement,
  announcementCreate,
  announcementListQuery,
  announcementRead,
  announcementUpdate,
  errorBody,
  getOneQuery,
  listEnvelope,
  pathId,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { registerResource } from '../../http/resource-factory';
import { announcementPolicies } from './policy';
import { announcementsResource } from './resource';
import {
  createAnnouncement,
  getAnnouncement,
  listAnnouncements,
  markRead,
  type Published,
  publishDue,
  updateAnnouncement,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Announcements (issue 16 point 3): the generic verbs under /api/announcements/announcements/, markRead, the publish job. */
export function registerAnnouncements(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['announcements'];
  const base = ANNOUNCEMENTS_API;
  const item = announcement.partial();

  /** Open lists refetch: the audience's tenant room, or every signed-in socket for a platform one. */
  const announce = (
    changed: Published | { announcement_id: number; tenant_id: number | null },
    type: string,
  ) => {
    const message = { type, ids: [changed.announcement_id], tags: [ANNOUNCEMENT_REALTIME.tag] };
    if (changed.tenant_id === null) app.realtime.toEveryone().emit(message);
    else app.realtime.toTenant(changed.tenant_id).emit(message);
  };

  app.jobs.register('announcements.publish', async ({ announcement_id }) => {
    const published = await publishDue(database, announcement_id);
    if (published) announce(published, ANNOUNCEMENT_REALTIME.published);
  });

  typed.get(
    `${base}/getAnnouncements`,
    {
      config: { policy: announcementPolicies.read },
      schema: {
        tags,
        summary: 'List announcements: the feed (default) or, for administrators, the ones they manage',
        querystring: announcementListQuery,
        response: { 200: listEnvelope(item), ...errors },
      },
    },
    async (request) => listAnnouncements(database, actorOf(request), request.query),
  );

  typed.get(
    `${base}/getAnnouncement/:id`,
    {
      config: { policy: announcementPolicies.read },
      schema: {
        tags,
        summary: 'Get one announcement the caller may read or manage',
        params: idParams,
        querystring: getOneQuery.pick({ fields: true }),
        response: { 200: z.object({ data: item }), ...errors },
      },
    },
    async (request) => ({
      data: await getAnnouncement(database, actorOf(request), request.params.id, request.query.fields),
    }),
  );

  typed.post(
    `${base}/createAnnouncement`,
    {
      config: { policy: announcementPolicies.write },
      schema: {
        tags,
        summary: 'Create an announcement: a draft, scheduled for publish_at, or published now',
        body: announcementCreate,
        response: { 201: z.object({ data: item }), ...errors },
      },
    },
    async (request, reply) => {
      const { row, published } = await createAnnouncement(database, app.jobs, actorOf(request), request.body);
      if (published) announce(published, ANNOUNCEMENT_REALTIME.published);
      return reply.status(201).send({ data: row });
    },
  );

  typed.put(
    `${base}/updateAnnouncement/:id`,
    {
      config: { policy: announcementPolicies.write },
      schema: {
        tags,
        summary: 'Update an announcement; status published publishes it now',
        params: idParams,
        body: announcementUpdate,
        response: { 200: z.object({ data: item }), ...errors },
      },
    },
    async (request) => {
      const { row, published } = await updateAnnouncement(
        database,
        app.jobs,
        actorOf(request),
        request.params.id,
        request.body,
      );
      announce(
        published ?? { announcement_id: request.params.id, tenant_id: row.tenant_id as number | null },
        published ? ANNOUNCEMENT_REALTIME.published : ANNOUNCEMENT_REALTIME.changed,
      );
      return { data: row };
    },
  );

  typed.post(
    `${base}/markRead/:id`,
    {
      config: { policy: announcementPolicies.read },
      schema: {
        tags,
        summary: 'Mark an announcement read by the caller',
        params: idParams,
        response: { 200: z.object({ data: announcementRead }), ...errors },
      },
    },
    async (request) => ({ data: await markRead(database, actorOf(request), request.params.id) }),
  );

  // The soft delete (deleteAnnouncement/{id}/{user_id}) is the factory's.
  registerResource(app, database, announcementsResource);
}
