import {
  type ApplicationDetail,
  type ApplicationStage,
  type applicationCreate,
  type declineManyBody,
  ERROR_CODES,
  HIRING_MESSAGES,
  type PipelineItem,
  type scorecardBody,
} from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { queryRows } from '../../db/client';
import { inScope } from '../../db/scope';
import { AppError, badRequest, forbidden, notFound } from '../../http/app-error';

import type { Actor } from '../../http/policy';
import { recordEvent } from '../../kernel/events';
import { employs } from './policy';
import { iso, readPosting, toItem } from './postings';

const CV_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
const conflict = (message: string) => new AppError(ERROR_CODES.conflict, 409, message);
const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
const personName = sql.raw(
  `coalesce(nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), ''), u.username)`,
);

/** Applies to an open posting with a CV the applicant uploaded (bytes checked by the files module). */
export async function apply(database: Database, actor: Actor, input: z.infer<typeof applicationCreate>) {
  const posting = await readPosting(database.db, input.posting_id);
  if (!toItem(posting).open) throw conflict(HIRING_MESSAGES.closed);
  const answers: Record<string, string> = {};
  const known = new Set(posting.questions.map((q) => q.question_id));
  for (const key of Object.keys(input.answers))
    if (!known.has(key)) throw invalid(`answers.${key}`, HIRING_MESSAGES.unknownQuestion);
  for (const question of posting.questions) {
    const answer = (input.answers[question.question_id] ?? '').trim();
    if (!answer && question.required)
      throw invalid(`answers.${question.question_id}`, HIRING_MESSAGES.answerRequired);
    if (answer && question.kind === 'choice' && !question.choices.includes(answer))
      throw invalid(`answers.${question.question_id}`, HIRING_MESSAGES.unknownChoice);
    if (answer) answers[question.question_id] = answer;
  }
  return inScope(database.db, 'all', async (tx) => {
    const [cv] = await queryRows<{ file_id: string }>(
      tx,
      sql`select file_id from files where file_id = ${input.cv_file_id} and owner_id = ${actor.userId}
        and deleted_at is null and content_type in (${sql.join(
          CV_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})`,
    );
    if (!cv) throw invalid('cv_file_id', HIRING_MESSAGES.cvNotFound);
    const [row] = await queryRows<{ application_id: number }>(
      tx,
      sql`insert into job_applications (posting_id, tenant_id, applicant_id, cv_file_id, answers)
        values (${posting.posting_id}, ${posting.tenant_id}, ${actor.userId}, ${cv.file_id},
          ${JSON.stringify(answers)}::jsonb)
        on conflict (posting_id, applicant_id) do nothing returning application_id`,
    );
    if (!row) throw conflict(HIRING_MESSAGES.alreadyApplied);
    return {
      data: { application_id: row.application_id, stage: 'applied' as const },
      message: HIRING_MESSAGES.applied,
    };
  });
}

/** The applicant's own applications with their stage; nothing of the employer's notes or scores. */
export async function myApplications(database: Database, actor: Actor) {
  const rows = await database.read<Record<string, unknown>>(
    sql`select a.application_id, a.posting_id, p.title, t.tenant_name as organisation, p.job_type, a.stage,
        a.decline_message, a.created_at as applied_at, a.stage_changed_at, p.closes_at
      from job_applications a join job_postings p on p.posting_id = a.posting_id
      join tenants t on t.tenant_id = p.tenant_id
      where a.applicant_id = ${actor.userId} order by a.created_at desc limit 200`,
    false,
    'all',
  );
  return {
    data: rows.map((row) => ({
      ...row,
      applied_at: iso(row.applied_at),
      stage_changed_at: iso(row.stage_changed_at),
      closes_at: iso(row.closes_at),
    })) as never[],
  };
}

/** The application, when the caller hires for its organisation; to anyone else it does not exist (404). */
async function ownApplication(tx: Tx, actor: Actor, applicationId: number) {
  const [row] = await queryRows<{
    application_id: number;
    posting_id: number;
    tenant_id: number;
    stage: ApplicationStage;
    applicant_id: number;
  }>(
    tx,
    sql`select application_id, posting_id, tenant_id, stage, applicant_id from job_applications
      where application_id = ${applicationId}`,
  );
  if (!row) throw notFound(HIRING_MESSAGES.applicationNotFound);
  if (!employs(actor, row.tenant_id)) throw notFound(HIRING_MESSAGES.applicationNotFound);
  return row;
}

const PIPELINE_COLUMNS = (actor: Actor) => sql`a.application_id, a.posting_id, a.applicant_id,
  ${personName} as name, u.email, a.stage, a.created_at as applied_at,
  (select count(*)::int from job_application_notes n where n.application_id = a.application_id) as notes,
  (select count(*)::int from job_scorecards s where s.application_id = a.application_id
    and s.submitted_at is not null) as scorecards_submitted,
  coalesce((select case when s.submitted_at is null then 'draft' else 'submitted' end from job_scorecards s
    where s.application_id = a.application_id and s.reviewer_id = ${actor.userId}), 'none') as my_scorecard`;

const pipelineItem = (row: Record<string, unknown>) =>
  ({ ...row, applied_at: iso(row.applied_at) }) as PipelineItem;

/** The employer's board of one posting: every application with its stage. */
export async function pipeline(database: Database, actor: Actor, postingId: number) {
  const posting = await readPosting(database.db, postingId);
  if (!employs(actor, posting.tenant_id)) throw forbidden(HIRING_MESSAGES.notEmployer);
  const rows = await database.read<Record<string, unknown>>(
    sql`select ${PIPELINE_COLUMNS(actor)} from job_applications a join users u on u.user_id = a.applicant_id
      where a.posting_id = ${postingId} order by a.created_at asc, a.application_id asc limit 1000`,
    false,
    'all',
  );
  return { posting: toItem(posting), data: rows.map(pipelineItem) };
}

/** One application as the employer sees it: answers, CV, notes, the caller's scorecard and, once
 * the caller submitted theirs, the other reviewers' submitted ones. */
export async function applicationDetail(
  database: Database,
  actor: Actor,
  applicationId: number,
): Promise<ApplicationDetail> {
  return inScope(database.db, 'all', async (tx) => {
    const own = await ownApplication(tx, actor, applicationId);
    const posting = await readPosting(tx, own.posting_id);
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`select ${PIPELINE_COLUMNS(actor)}, a.cv_file_id, a.answers, a.decline_message
        from job_applications a join users u on u.user_id = a.applicant_id where a.application_id = ${applicationId}`,
    );
    const notes = await queryRows<Record<string, unknown>>(
      tx,
      sql`select n.note_id, ${personName} as author, n.body, n.created_at from job_application_notes n
        join users u on u.user_id = n.author_id where n.application_id = ${applicationId}
        order by n.created_at asc, n.note_id asc`,
    );
    const cards = await queryRows<Record<string, unknown>>(
      tx,
      sql`select s.reviewer_id, ${personName} as reviewer, s.ratings, s.comment, s.submitted_at
        from job_scorecards s join users u on u.user_id = s.reviewer_id where s.application_id = ${applicationId}
        order by s.scorecard_id`,
    );
    const card = (c: Record<string, unknown>) => ({
      reviewer_id: Number(c.reviewer_id),
      reviewer: String(c.reviewer),
      ratings: c.ratings as Record<string, number>,
      comment: String(c.comment),
      submitted_at: c.submitted_at ? iso(c.submitted_at) : null,
    });
    const mine = cards.find((c) => Number(c.reviewer_id) === actor.userId);
    const othersSubmitted = cards.filter((c) => Number(c.reviewer_id) !== actor.userId && c.submitted_at);
    const revealed = Boolean(mine?.submitted_at);
    return {
      ...pipelineItem(row ?? {}),
      cv_file_id: (row?.cv_file_id as string | null) ?? null,
      answers: (row?.answers as Record<string, string>) ?? {},
      questions: posting.questions,
      attributes: posting.scorecard_attributes,
      decline_message: (row?.decline_message as string | null) ?? null,
      notes_list: notes.map((n) => ({
        note_id: Number(n.note_id),
        author: String(n.author),
        body: String(n.body),
        created_at: iso(n.created_at),
      })),
      mine: mine ? card(mine) : null,
      others: revealed ? othersSubmitted.map(card) : [],
      others_hidden: revealed ? 0 : othersSubmitted.length,
    };
  });
}

async function setStage(
  tx: Tx,
  actor: Actor,
  app: { application_id: number; posting_id: number; tenant_id: number; applicant_id: number },
  stage: ApplicationStage,
  message: string | null,
) {
  await tx.execute(sql`update job_applications set stage = ${stage}, decline_message = ${message},
    stage_changed_at = now(), modified_at = now(), modified_by = ${actor.userId}
    where application_id = ${app.application_id}`);
  await recordEvent(tx, 'job.application.stage.changed', {
    application_id: app.application_id,
    posting_id: app.posting_id,
    user_id: app.applicant_id,
    stage,
    tenant_id: app.tenant_id,
  });
}

/** Moves an application to another stage; the applicant is told (domain event to the inbox). */
export async function moveApplication(
  database: Database,
  actor: Actor,
  applicationId: number,
  stage: ApplicationStage,
) {
  await inScope(database.db, 'all', async (tx) => {
    const own = await ownApplication(tx, actor, applicationId);
    if (own.stage === stage) throw conflict(HIRING_MESSAGES.sameStage);
    await setStage(tx, actor, own, stage, null);
  });
  return { data: await applicationDetail(database, actor, applicationId) };
}

/** Declines many applications with one message, all or none (one organisation, none declined yet). */
export async function declineMany(database: Database, actor: Actor, input: z.infer<typeof declineManyBody>) {
  const ids = [...new Set(input.application_ids)];
  return inScope(database.db, 'all', async (tx) => {
    const rows = await queryRows<{
      application_id: number;
      posting_id: number;
      tenant_id: number;
      stage: ApplicationStage;
      applicant_id: number;
    }>(
      tx,
      sql`select application_id, posting_id, tenant_id, stage, applicant_id from job_applications
        where application_id = any(${`{${ids.join(',')}}`}::int[]) for update`,
    );
    if (rows.length !== ids.length) throw notFound(HIRING_MESSAGES.applicationNotFound);
    if (rows.some((row) => !employs(actor, row.tenant_id)))
      throw notFound(HIRING_MESSAGES.applicationNotFound);
    if (new Set(rows.map((row) => row.tenant_id)).size > 1 || rows.some((row) => row.stage === 'declined'))
      throw invalid('application_ids', HIRING_MESSAGES.declineMixed);
    for (const row of rows) await setStage(tx, actor, row, 'declined', input.message);
    return { declined: rows.length };
  });
}

export async function addNote(database: Database, actor: Actor, applicationId: number, body: string) {
  await inScope(database.db, 'all', async (tx) => {
    const own = await ownApplication(tx, actor, applicationId);
    await tx.execute(sql`insert into job_application_notes (application_id, tenant_id, author_id, body)
      values (${applicationId}, ${own.tenant_id}, ${actor.userId}, ${body})`);
  });
  return { data: await applicationDetail(database, actor, applicationId) };
}

/** Saves the caller's scorecard; submitting needs every attribute rated and freezes it. */
export async function saveScorecard(
  database: Database,
  actor: Actor,
  applicationId: number,
  input: z.infer<typeof scorecardBody>,
) {
  await inScope(database.db, 'all', async (tx) => {
    const own = await ownApplication(tx, actor, applicationId);
    const posting = await readPosting(tx, own.posting_id);
    const attributes = new Set(posting.scorecard_attributes);
    for (const key of Object.keys(input.ratings))
      if (!attributes.has(key)) throw invalid(`ratings.${key}`, HIRING_MESSAGES.unknownAttribute);
    if (input.submit && posting.scorecard_attributes.some((a) => input.ratings[a] === undefined))
      throw invalid('ratings', HIRING_MESSAGES.ratingsIncomplete);
    const [row] = await queryRows<{ scorecard_id: number }>(
      tx,
      sql`insert into job_scorecards (application_id, tenant_id, reviewer_id, ratings, comment, submitted_at)
        values (${applicationId}, ${own.tenant_id}, ${actor.userId}, ${JSON.stringify(input.ratings)}::jsonb,
          ${input.comment}, case when ${input.submit} then now() end)
        on conflict (application_id, reviewer_id) do update set ratings = excluded.ratings,
          comment = excluded.comment, submitted_at = excluded.submitted_at, modified_at = now()
          where job_scorecards.submitted_at is null
        returning scorecard_id`,
    );
    if (!row) throw conflict(HIRING_MESSAGES.scorecardSubmitted);
  });
  return { data: await applicationDetail(database, actor, applicationId) };
}

/** Files grant: an employer reads the CV of an application to its organisation. */
export async function cvReadableBy(db: Database['db'], actor: Actor, fileId: string): Promise<boolean> {
  const rows = await inScope(db, 'all', (tx) =>
    queryRows<{ tenant_id: number }>(
      tx,
      sql`select tenant_id from job_applications where cv_file_id = ${fileId}`,
    ),
  );
  return rows.some((row) => employs(actor, row.tenant_id));
}
