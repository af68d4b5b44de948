import {
  CERTIFICATES_API,
  certificateAddress,
  certificateRevoked,
  certificateVerification,
  dataEnvelope,
  myCertificate,
  pathId,
  publishedKey,
  revokeCertificateBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { registerCertificateHandlers } from './event-handlers';
import { publishedKeys } from './keys';
import { certificatePdf } from './pdf';
import { certificatePath, myCertificates, revokeCertificate, verifyCertificate } from './service';

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Certificates (issue 5, part 7; docs/certificates.md). Verification and the published keys are public
 * so anyone, signed in or not, can check a certificate, here or offline.
 */
export function registerCertificates(app: FastifyInstance, database: Database, publicOrigin: string): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['certificates'];
  registerCertificateHandlers(app.events, publicOrigin);

  typed.get(
    `${CERTIFICATES_API}/verify/:userId/:publicKey`,
    {
      config: { policy: 'public' },
      schema: {
        tags,
        params: certificateAddress,
        response: { 200: z.object({ data: certificateVerification }) },
      },
    },
    async (request) => ({
      data: await verifyCertificate(db, request.params.userId, request.params.publicKey),
    }),
  );

  typed.get(
    `${CERTIFICATES_API}/credential/:userId/:publicKey`,
    { config: { policy: 'public' }, schema: { tags, params: certificateAddress } },
    async (request, reply) => {
      const result = await verifyCertificate(db, request.params.userId, request.params.publicKey);
      if (!result.credential) return reply.status(404).send({ message: result.message, code: 'NOT_FOUND' });
      return reply
        .header('content-disposition', 'attachment; filename="certificate.json"')
        .type('application/ld+json')
        .send(JSON.stringify(result.credential, null, 2));
    },
  );

  typed.get(
    `${CERTIFICATES_API}/pdf/:userId/:publicKey`,
    { config: { policy: 'public' }, schema: { tags, params: certificateAddress } },
    async (request, reply) => {
      const { userId, publicKey } = request.params;
      const result = await verifyCertificate(db, userId, publicKey);
      // Only a certificate that checks out gets a printable sheet.
      if (!result.valid || !result.credential) {
        return reply.status(404).send({ message: result.message, code: 'NOT_FOUND' });
      }
      const pdf = await certificatePdf({
        holder: result.holder ?? '',
        program: result.program ?? '',
        issuer: result.issuer ?? '',
        issuedAt: new Date(result.issued_at ?? Date.now()),
        verifyUrl: `${publicOrigin}${certificatePath(userId, publicKey)}`,
        keyMultibase: result.credential.proof.verificationMethod.split('#')[1] ?? '',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="certificate.pdf"')
        .send(Buffer.from(pdf));
    },
  );

  typed.get(
    `${CERTIFICATES_API}/keys`,
    {
      config: { policy: 'public' },
      schema: { tags, response: { 200: dataEnvelope(z.array(publishedKey)) } },
    },
    async () => ({ data: await publishedKeys(db) }),
  );

  typed.get(
    `${CERTIFICATES_API}/getMyCertificates`,
    {
      config: { policy: 'signedIn' },
      schema: { tags, response: { 200: dataEnvelope(z.array(myCertificate)) } },
    },
    async (request) => ({ data: await myCertificates(db, actorOf(request)) }),
  );

  typed.put(
    `${CERTIFICATES_API}/revoke/:id`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        params: z.object({ id: pathId }),
        body: revokeCertificateBody,
        response: { 200: dataEnvelope(certificateRevoked) },
      },
    },
    async (request) => {
      const row = await revokeCertificate(db, actorOf(request), request.params.id, request.body.reason);
      return {
        data: { certificate_id: row.certificate_id, revoked_at: row.revoked_at?.toISOString() ?? null },
      };
    },
  );
}
