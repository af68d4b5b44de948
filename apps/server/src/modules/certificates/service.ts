import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { certificates } from '../../db/schema';
import { forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { buildCredential, checkProof, type SignedCredential, signCredential } from './credential';
import { currentSigningKey, trustedKeys } from './keys';

export const CERTIFICATE_MESSAGES = {
  valid: 'This certificate is valid: it was issued by this platform and has not been changed or revoked.',
  unknown: 'No certificate was issued at this address.',
  tampered: 'This certificate has been altered since it was issued.',
  revoked: 'The issuer revoked this certificate.',
  'unknown-key': 'This certificate was not signed with a key of this platform.',
  malformed: 'This certificate record is damaged and cannot be checked.',
  notFound: 'Certificate not found.',
} as const;

export type NotValidReason = 'unknown' | 'tampered' | 'revoked' | 'unknown-key' | 'malformed';

export interface IssueInput {
  userId: number;
  holderName: string;
  programId: number;
  programName: string;
  programDescription: string;
  tenantId: number | null;
  issuerName: string;
  /** What is attested (default `program`); a competition names its page and its own criteria. */
  kind?: 'program' | 'competition' | 'event';
  achievementPath?: string;
  criteria?: string;
}

/** `/certification/{userId}/{publicKey}`: the address a certificate is checked at (and its QR code). */
export function certificatePath(userId: number, publicKey: string): string {
  return `/certification/${userId}/${encodeURIComponent(publicKey)}`;
}

/**
 * Issues the certificate of a completed program, once per learner and program (a second call answers
 * the first certificate). The address part is the proof's signature value: it names exactly one
 * signed credential, so an altered address names none.
 */
export async function issueCertificate(db: DbOrTx, origin: string, input: IssueInput) {
  const kind = input.kind ?? 'program';
  const same = and(
    eq(certificates.user_id, input.userId),
    eq(certificates.kind, kind),
    eq(certificates.program_id, input.programId),
  );
  const [existing] = await db.select().from(certificates).where(same);
  if (existing) return existing;
  const key = await currentSigningKey(db);
  const issuedAt = new Date();
  const credential = signCredential(
    buildCredential({
      id: `urn:uuid:${randomUUID()}`,
      issuer: { id: origin, name: input.issuerName },
      holder: { id: `${origin}/profile/${input.userId}`, name: input.holderName },
      achievement: {
        id: `${origin}${input.achievementPath ?? `/programs/overview/${input.programId}`}`,
        name: input.programName,
        description: input.programDescription,
        criteria:
          input.criteria ?? 'Completed every required unit of the program and passed its assessments.',
      },
      validFrom: issuedAt,
    }),
    key,
    issuedAt,
  );
  const [row] = await db
    .insert(certificates)
    .values({
      user_id: input.userId,
      kind,
      program_id: input.programId,
      tenant_id: input.tenantId,
      public_key: credential.proof.proofValue,
      credential,
      issued_at: issuedAt,
    })
    .onConflictDoNothing({ target: [certificates.user_id, certificates.kind, certificates.program_id] })
    .returning();
  if (row) return row;
  // A concurrent completion issued it first.
  const [first] = await db.select().from(certificates).where(same);
  return first!;
}

export interface Verification {
  valid: boolean;
  reason: NotValidReason | null;
  message: string;
  holder: string | null;
  program: string | null;
  issuer: string | null;
  issued_at: string | null;
  revoked_at: string | null;
  credential: SignedCredential | null;
}

function claims(credential: unknown) {
  const c = (credential ?? {}) as Partial<SignedCredential>;
  return {
    holder: typeof c.credentialSubject?.name === 'string' ? c.credentialSubject.name : null,
    program:
      typeof c.credentialSubject?.achievement?.name === 'string'
        ? c.credentialSubject.achievement.name
        : null,
    issuer: typeof c.issuer?.name === 'string' ? c.issuer.name : null,
    issued_at: typeof c.validFrom === 'string' ? c.validFrom : null,
  };
}

/**
 * The public check of `/certification/{userId}/{publicKey}`: valid only when a certificate was issued
 * to that user at that address, its stored credential still verifies against a published platform key
 * with exactly that signature, and it is not revoked. Works signed out.
 */
export async function verifyCertificate(
  db: DbOrTx,
  userId: number,
  publicKey: string,
): Promise<Verification> {
  const [row] = await db.select().from(certificates).where(eq(certificates.public_key, publicKey));
  const notValid = (reason: NotValidReason, credential: unknown = null): Verification => ({
    valid: false,
    reason,
    message: CERTIFICATE_MESSAGES[reason],
    ...claims(credential),
    revoked_at: row?.revoked_at?.toISOString() ?? null,
    credential: (credential as SignedCredential | null) ?? null,
  });
  if (!row || row.user_id !== userId) return notValid('unknown');
  const check = checkProof(row.credential, await trustedKeys(db));
  if (!check.ok) return notValid(check.reason, row.credential);
  const credential = row.credential as SignedCredential;
  if (credential.proof.proofValue !== publicKey) return notValid('tampered', credential);
  if (row.revoked_at) return notValid('revoked', credential);
  return {
    valid: true,
    reason: null,
    message: CERTIFICATE_MESSAGES.valid,
    ...claims(credential),
    revoked_at: null,
    credential,
  };
}

/** The caller's own certificates, newest first (my library, learning journey). */
export async function myCertificates(db: DbOrTx, actor: Actor) {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.user_id, actor.userId))
    .orderBy(desc(certificates.issued_at));
  return rows.map((row) => ({
    ...claims(row.credential),
    certificate_id: row.certificate_id,
    program_id: row.program_id,
    public_key: row.public_key,
    path: certificatePath(row.user_id, row.public_key),
    issued_at: row.issued_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  }));
}

/**
 * Revokes a certificate: platform admins anywhere, tenant admins for their tenant's programs. Someone
 * else's tenant's certificate answers 404, as one that does not exist.
 */
export async function revokeCertificate(db: DbOrTx, actor: Actor, certificateId: number, reason: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.certificate_id, certificateId));
  if (!row) throw notFound(CERTIFICATE_MESSAGES.notFound);
  if (!actor.isPlatformAdmin) {
    if (row.tenant_id === null || row.tenant_id !== actor.tenantId)
      throw notFound(CERTIFICATE_MESSAGES.notFound);
    if (!actor.roles.some((role) => role.tenantId === row.tenant_id && role.roleView === 'admin'))
      throw forbidden();
  }
  const [revoked] = await db
    .update(certificates)
    .set({ revoked_at: new Date(), revoked_by: actor.userId, revocation_reason: reason })
    .where(and(eq(certificates.certificate_id, certificateId), isNull(certificates.revoked_at)))
    .returning();
  return revoked ?? row;
}

/** The learner's live (not revoked) certificate of a program, as the progress page links it. */
export async function heldCertificate(db: DbOrTx, userId: number, programId: number) {
  const [row] = await db
    .select({ public_key: certificates.public_key, user_id: certificates.user_id })
    .from(certificates)
    .where(
      and(
        eq(certificates.user_id, userId),
        eq(certificates.kind, 'program'),
        eq(certificates.program_id, programId),
        isNull(certificates.revoked_at),
      ),
    );
  return row ?? null;
}
