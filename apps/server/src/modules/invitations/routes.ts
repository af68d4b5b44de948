import {
  createInvitationBody,
  dataEnvelope,
  INVITATION_MESSAGES,
  INVITATIONS_API,
  invitationAccepted,
  invitationCreated,
  invitationIdParams,
  invitationItem,
  invitationList,
  invitationListQuery,
  invitationPreview,
  invitationResent,
  invitationTokenParams,
  tenantInvitationListQuery,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { invitationMail } from '../../mail/templates';
import type { Mailer } from '../../mail/transport';
import { acceptInvitation } from './accept';
import {
  createInvitation,
  listMyInvitations,
  listTenantInvitations,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Invitation links (identity issue part 11) under /api/invitations. Creating, accepting, listing and
 * revoking need a session (who may invite whom is decided in policy.ts); the preview is public, as
 * the person holding the link may not have an account yet.
 */
export function registerInvitations(
  app: FastifyInstance,
  database: Database,
  publicOrigin: string,
  mailer?: Mailer,
): void {
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

  // The admin center's pending invitations (issue 23): the current organisation's, whoever sent them.
  typed.get(
    `${INVITATIONS_API}/getTenantInvitations`,
    {
      schema: { querystring: tenantInvitationListQuery, response: { 200: invitationList }, tags },
      config: { policy: 'tenantAdmin' },
    },
    async (request) => listTenantInvitations(db, actorOf(request), request.query),
  );

  typed.post(
    `${INVITATIONS_API}/resendInvitation/:id`,
    {
      schema: { params: invitationIdParams, response: { 200: dataEnvelope(invitationResent) }, tags },
      config: signedIn,
    },
    async (request) => {
      const { item, url } = await resendInvitation(db, actorOf(request), request.params.id, publicOrigin);
      if (item.email && mailer) {
        // As for a seat: a failed send is logged, and the administrator can send it again.
        await mailer
          .send(
            invitationMail({
              to: item.email,
              url,
              roleName: item.role_display_name,
              tenantName: item.tenant_name,
            }),
          )
          .catch((error) => request.log.warn({ err: error }, 'invitation mail failed'));
      }
      return {
        data: {
          message: INVITATION_MESSAGES.resent,
          invitation: item,
          url: item.email ? null : url,
        },
      };
    },
  );
}
