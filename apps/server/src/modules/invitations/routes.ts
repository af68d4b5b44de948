import {
  createInvitationBody,
  dataEnvelope,
  INVITATIONS_API,
  invitationAccepted,
  invitationCreated,
  invitationIdParams,
  invitationItem,
  invitationList,
  invitationListQuery,
  invitationPreview,
  invitationTokenParams,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { acceptInvitation } from './accept';
import { createInvitation, listMyInvitations, previewInvitation, revokeInvitation } from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Invitation links (identity issue part 11) under /api/invitations. Creating, accepting, listing and
 * revoking need a session (who may invite whom is decided in policy.ts); the preview is public, as
 * the person holding the link may not have an account yet.
 */
export function registerInvitations(app: FastifyInstance, database: Database, publicOrigin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['invitations'];
  const signedIn = { policy: 'signedIn' } as const;

  typed.post(
    `${INVITATIONS_API}/createInvitation`,
    {
      schema: { body: createInvitationBody, response: { 201: dataEnvelope(invitationCreated) }, tags },
      config: signedIn,
    },
    async (request, reply) => {
      const created = await createInvitation(db, actorOf(request), request.body, publicOrigin);
      return reply.status(201).send({ data: created });
    },
  );

  typed.get(
    `${INVITATIONS_API}/getInvitation/:hash`,
    {
      schema: { params: invitationTokenParams, response: { 200: dataEnvelope(invitationPreview) }, tags },
      config: { policy: 'public' },
    },
    async (request) => ({ data: await previewInvitation(db, request.params.hash) }),
  );

  typed.post(
    `${INVITATIONS_API}/acceptInvitation/:hash`,
    {
      schema: { params: invitationTokenParams, response: { 200: dataEnvelope(invitationAccepted) }, tags },
      config: signedIn,
    },
    async (request) => ({ data: await acceptInvitation(db, actorOf(request), request.params.hash) }),
  );

  typed.get(
    `${INVITATIONS_API}/getInvitations`,
    {
      schema: { querystring: invitationListQuery, response: { 200: invitationList }, tags },
      config: signedIn,
    },
    async (request) => listMyInvitations(db, actorOf(request), request.query),
  );

  typed.put(
    `${INVITATIONS_API}/revokeInvitation/:id`,
    {
      schema: { params: invitationIdParams, response: { 200: dataEnvelope(invitationItem) }, tags },
      config: signedIn,
    },
    async (request) => ({ data: await revokeInvitation(db, actorOf(request), request.params.id) }),
  );
}
