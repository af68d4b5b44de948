import {
  type CreateEvidenceBody,
  READINESS_EVIDENCE_MAX,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_MESSAGES,
  type ReadinessJourney,
} from '@nexus/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client';
import { readinessEvidence, readinessResults } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { visibleResult } from './results';

const bodyError = (message: string, path: string) => badRequest(message, [{ in: 'body', path, message }]);

/** Purposes a piece of evidence may have: its readers stay the files module's (owner, admins). */
const EVIDENCE_PURPOSES = ['document', 'media'];

/**
 * createEvidence: attaches a file I uploaded (through the files module, in my current context) to a
 * level of my result. The file keeps the files module's rules; reviewers of the result may read it
 * through the `readiness-evidence` grant.
 */
export async function createEvidence(db: Db, actor: Actor, body: CreateEvidenceBody): Promise<number> {
  const [file] = await inScope(db, scopeOf(actor), (tx) =>
    queryRows<{ file_id: string }>(
      tx,
      sql`select file_id::text from files where file_id = ${body.file_id} and owner_id = ${actor.userId}
        and deleted_at is null and purpose in (${sql.join(
          EVIDENCE_PURPOSES.map((p) => sql`${p}`),
          sql`, `,
        )})`,
    ),
  );
  if (!file) throw bodyError(READINESS_MESSAGES.fileNotYours, 'file_id');
  return inScope(db, 'main', async (tx) => {
    const result = await visibleResult(tx, actor, body.result_id, true);
    if (
      !READINESS_JOURNEY_DEFINITIONS[result.journey as ReadinessJourney].dimensions.includes(body.dimension)
    )
      throw bodyError(READINESS_MESSAGES.dimensionNotInJourney, 'dimension');
    // Serialises attachments to one result so the cap holds under concurrent requests.
    await tx.execute(sql`select 1 from readiness_results where result_id = ${result.result_id} for update`);
    const [held] = await tx
      .select({ n: count() })
      .from(readinessEvidence)
      .where(
        and(
          eq(readinessEvidence.result_id, result.result_id),
          eq(readinessEvidence.dimension, body.dimension),
        ),
      );
    if ((held?.n ?? 0) >= READINESS_EVIDENCE_MAX)
      throw bodyError(READINESS_MESSAGES.evidenceLimit, 'file_id');
    const [row] = await tx
      .insert(readinessEvidence)
      .values({ result_id: result.result_id, dimension: body.dimension, file_id: body.file_id })
      .onConflictDoUpdate({
        target: [readinessEvidence.result_id, readinessEvidence.dimension, readinessEvidence.file_id],
        set: { dimension: body.dimension },
      })
      .returning({ id: readinessEvidence.evidence_id });
    return row?.id as number;
  });
}

/** deleteEvidence/{id}: detaches evidence from my result; the file itself stays in my files. */
export async function deleteEvidence(db: Db, actor: Actor, evidenceId: number): Promise<void> {
  await inScope(db, 'main', async (tx) => {
    const [row] = await tx
      .select({ id: readinessEvidence.evidence_id })
      .from(readinessEvidence)
      .innerJoin(readinessResults, eq(readinessResults.result_id, readinessEvidence.result_id))
      .where(and(eq(readinessEvidence.evidence_id, evidenceId), eq(readinessResults.user_id, actor.userId)));
    if (!row) throw notFound(READINESS_MESSAGES.evidenceNotFound);
    await tx.delete(readinessEvidence).where(eq(readinessEvidence.evidence_id, evidenceId));
  });
}

/** The files grant: a reviewer asked about a result may read the evidence attached to it. */
export async function evidenceReadable(db: DbOrTx, actor: Actor, fileId: string): Promise<boolean> {
  const rows = await queryRows<{ ok: number }>(
    db,
    sql`select 1 as ok from readiness_evidence e join readiness_reviews v on v.result_id = e.result_id
      where e.file_id::text = ${fileId} and v.reviewer_id = ${actor.userId} limit 1`,
  );
  return rows.length > 0;
}
