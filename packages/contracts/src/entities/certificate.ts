import { z } from 'zod';
import { pathId } from '../path-params';

export const CERTIFICATES_API = '/api/certificates';

/** The address part of `/certification/{userId}/{publicKey}`: a multibase (z + base58) signature. */
export const certificatePublicKey = z
  .string()
  .min(2)
  .max(200)
  .regex(/^z[1-9A-HJ-NP-Za-km-z]+$/, 'Not a certificate address.');

export const certificateAddress = z.object({
  userId: pathId,
  publicKey: certificatePublicKey,
});

export const CERTIFICATE_REASONS = ['unknown', 'tampered', 'revoked', 'unknown-key', 'malformed'] as const;

export const certificateVerification = z.object({
  valid: z.boolean(),
  reason: z.enum(CERTIFICATE_REASONS).nullable(),
  message: z.string(),
  holder: z.string().nullable(),
  program: z.string().nullable(),
  issuer: z.string().nullable(),
  issued_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  credential: z.record(z.string(), z.unknown()).nullable(),
});
export type CertificateVerification = z.infer<typeof certificateVerification>;

export const revokeCertificateBody = z
  .object({ reason: z.string().trim().min(3, 'Say why the certificate is revoked.').max(500) })
  .strict();

/** One of the signed-in learner's certificates (getMyCertificates): the row and its credential's claims. */
export const myCertificate = z.object({
  certificate_id: z.number().int(),
  program_id: z.number().int(),
  public_key: z.string(),
  path: z.string(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
  holder: z.string().nullable(),
  program: z.string().nullable(),
  issuer: z.string().nullable(),
});
export type MyCertificate = z.infer<typeof myCertificate>;

/** A platform signing key as a Multikey verification method (keys): public parts only. */
export const publishedKey = z.object({
  id: z.string(),
  type: z.literal('Multikey'),
  controller: z.string(),
  publicKeyMultibase: z.string(),
  publicKeyJwk: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string() }),
  created: z.string(),
  retired: z.string().nullable(),
});

export const certificateRevoked = z.object({
  certificate_id: z.number().int(),
  revoked_at: z.string().nullable(),
});
