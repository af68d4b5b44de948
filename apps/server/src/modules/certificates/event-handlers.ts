import { and, eq } from 'drizzle-orm';
import { certificates, programs, tenants, users } from '../../db/schema';
import { type EventDispatcher, recordEvent } from '../../kernel/events';
import { issueCertificate } from './service';

/**
 * A completed program issues its certificate (issue 5, part 7), signed in the name of the program's
 * owner (its tenant, or the platform), and records `certificate.issued` when it is new. Names are read
 * at issue time because the credential freezes them.
 */
export function registerCertificateHandlers(events: EventDispatcher, origin: string): void {
  events.on('learning.program.completed', 'certificates.issue', async (event, tx) => {
    const { user_id: userId, program_id: programId, program_tenant_id: tenantId } = event.payload;
    const [existing] = await tx
      .select({ id: certificates.certificate_id })
      .from(certificates)
      .where(
        and(
          eq(certificates.user_id, userId),
          eq(certificates.kind, 'program'),
          eq(certificates.program_id, programId),
        ),
      );
    if (existing) return;
    const [program] = await tx.select().from(programs).where(eq(programs.program_id, programId));
    const [holder] = await tx.select().from(users).where(eq(users.user_id, userId));
    const [tenant] = tenantId ? await tx.select().from(tenants).where(eq(tenants.tenant_id, tenantId)) : [];
    const name =
      [holder?.first_name, holder?.last_name].filter(Boolean).join(' ').trim() ||
      holder?.username ||
      'Learner';
    const row = await issueCertificate(tx, origin, {
      userId,
      holderName: name,
      programId,
      programName: program?.program_name ?? 'Program',
      programDescription: program?.description ?? '',
      tenantId,
      issuerName: tenant?.tenant_name ?? 'Nexus',
    });
    await recordEvent(tx, 'certificate.issued', {
      certificate_id: row.certificate_id,
      user_id: userId,
      program_id: programId,
      tenant_id: tenantId,
      public_key: row.public_key,
    });
  });
}
