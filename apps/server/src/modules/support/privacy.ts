import {
  ERROR_CODES,
  type PrivacyPolicy,
  type PrivacyPolicyAnswer,
  type PrivacyPolicyCreate,
  SUPPORT_MESSAGES,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { cleanHtml } from '../../http/rich-text';

const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);

const POLICY_SQL = sql`p.policy_id, p.version, p.effective_date::text as effective_date, p.summary, p.body,
  to_json(p.created_at) #>> '{}' as created_at`;

/**
 * getPrivacyPolicy: the current version (the highest already in effect today) and every version,
 * newest first. The platform's alone: the table has no tenant and no row-level security.
 */
export async function privacyPolicies(database: Database): Promise<PrivacyPolicyAnswer> {
  const rows = await queryRows<PrivacyPolicy>(
    database.db,
    sql`select ${POLICY_SQL} from privacy_policies p where p.is_deleted = false order by p.version desc`,
  );
  const today = new Date().toISOString().slice(0, 10);
  const current = rows.find((row) => row.effective_date <= today) ?? null;
  return { current, versions: rows.map(({ body: _body, ...rest }) => rest) };
}

/** getPrivacyPolicy/{version}: one version's full text. */
export async function privacyPolicyVersion(database: Database, version: number): Promise<PrivacyPolicy> {
  const [row] = await queryRows<PrivacyPolicy>(
    database.db,
    sql`select ${POLICY_SQL} from privacy_policies p where p.version = ${version} and p.is_deleted = false`,
  );
  if (!row) throw notFound(SUPPORT_MESSAGES.noPolicy);
  return row;
}

/**
 * publishPrivacyPolicy: a new version numbered above every earlier one. Versions are never edited, so
 * what a person consented to stays readable; a newer version asks for cookie consent again (web).
 */
export async function publishPrivacyPolicy(
  database: Database,
  actor: Actor,
  body: PrivacyPolicyCreate,
): Promise<PrivacyPolicy> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table privacy_policies in share row exclusive mode`);
    const [top] = await queryRows<{ version: number | null }>(
      tx,
      sql`select max(version) as version from privacy_policies`,
    );
    const newest = top?.version === null || top?.version === undefined ? 0 : Number(top.version);
    if (body.version === newest) throw conflict(SUPPORT_MESSAGES.policyVersionTaken);
    if (body.version < newest) throw conflict(SUPPORT_MESSAGES.policyVersionLower);
    const [row] = await queryRows<PrivacyPolicy>(
      tx,
      sql`insert into privacy_policies as p (version, effective_date, summary, body, published_by, created_by, modified_by)
          values (${body.version}, ${body.effective_date}, ${body.summary ?? ''}, ${cleanHtml(body.body)},
                  ${actor.userId}, ${actor.userId}, ${actor.userId})
          returning ${POLICY_SQL}`,
    );
    return row!;
  });
}
