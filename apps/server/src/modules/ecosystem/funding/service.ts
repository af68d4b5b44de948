import {
  type CallItem,
  type callBody,
  type callSearchQuery,
  type createFundingApplicationBody,
  type DealCard,
  type dealBoardQuery,
  FUNDING_MESSAGES,
  type FundingApplicationItem,
  type InvestorItem,
  type investorBody,
  type investorSearchQuery,
  type moveDealBody,
  type rateDealBody,
  type updateInvestorBody,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DbOrTx, queryRows } from '../../../db/client';
import { fundingApplications, fundingCalls, investors } from '../../../db/schema';
import { inScope } from '../../../db/scope';
import { forbidden, notFound } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import { recordEvent } from '../../../kernel/events';
import { findSection } from '../../profiles';
import { conflict, invalid, iso, nameSql, page, person, wordsMatch } from '../shared';

/* ---------- investors ---------- */

interface InvestorRow {
  investor_id: number;
  owner_id: number;
  name: string;
  kind: string;
  thesis: string;
  country: string;
  sectors: string[];
  stages: string[];
  open_calls: number;
}

const INVESTOR_SQL = sql`i.investor_id, i.owner_id, i.name, i.kind, i.thesis, i.country, i.sectors, i.stages,
  (select count(*) from funding_calls f where f.investor_id = i.investor_id and f.is_deleted = false and f.closes_at > now())::int as open_calls`;

const toInvestor = (row: InvestorRow, me: number | null): InvestorItem => ({
  investor_id: Number(row.investor_id),
  name: row.name,
  kind: row.kind,
  thesis: row.thesis,
  country: row.country,
  sectors: row.sectors,
  stages: row.stages,
  open_calls: Number(row.open_calls),
  is_mine: me !== null && Number(row.owner_id) === me,
});

/** Investors, public: the investor hub lists them to anyone, signed out included. */
export async function searchInvestors(
  db: DbOrTx,
  me: number | null,
  query: z.infer<typeof investorSearchQuery>,
) {
  const filters = [sql`i.is_deleted = false`];
  if (query.sector) filters.push(sql`i.sectors ? ${query.sector}`);
  if (query.search) filters.push(wordsMatch(query.search, [sql`i.name`, sql`i.thesis`]));
  const rows = await queryRows<InvestorRow>(
    db,
    sql`select ${INVESTOR_SQL} from investors i where ${sql.join(filters, sql` and `)}
        order by i.name, i.investor_id limit ${query.limit + 1} offset ${Number(query.cursor ?? 0)}`,
  );
  return page(
    rows.map((row) => toInvestor(row, me)),
    query.cursor,
    query.limit,
  );
}

export async function getInvestor(db: DbOrTx, me: number | null, investorId: number): Promise<InvestorItem> {
  const [row] = await queryRows<InvestorRow>(
    db,
    sql`select ${INVESTOR_SQL} from investors i where i.investor_id = ${investorId} and i.is_deleted = false`,
  );
  if (!row) throw notFound(FUNDING_MESSAGES.investorNotFound);
  return toInvestor(row, me);
}

async function myInvestorId(db: DbOrTx, me: number): Promise<number | null> {
  const [row] = await queryRows<{ investor_id: number }>(
    db,
    sql`select investor_id from investors where owner_id = ${me} and is_deleted = false`,
  );
  return row ? Number(row.investor_id) : null;
}

export async function myInvestor(db: DbOrTx, me: number): Promise<InvestorItem | null> {
  const id = await myInvestorId(db, me);
  return id === null ? null : getInvestor(db, me, id);
}

/** One investor profile per person: the partial unique index turns a second into a 409. */
export async function createInvestor(db: DbOrTx, actor: Actor, body: z.infer<typeof investorBody>) {
  if ((await myInvestorId(db, actor.userId)) !== null) throw conflict(FUNDING_MESSAGES.investorExists);
  const [row] = await db
    .insert(investors)
    .values({ ...body, owner_id: actor.userId, created_by: actor.userId, modified_by: actor.userId })
    .onConflictDoNothing()
    .returning({ id: investors.investor_id });
  if (!row) throw conflict(FUNDING_MESSAGES.investorExists);
  return getInvestor(db, actor.userId, row.id);
}

async function ownedInvestor(db: DbOrTx, actor: Actor, investorId: number) {
  const [row] = await queryRows<{ owner_id: number }>(
    db,
    sql`select owner_id from investors where investor_id = ${investorId} and is_deleted = false`,
  );
  if (!row) throw notFound(FUNDING_MESSAGES.investorNotFound);
  if (Number(row.owner_id) !== actor.userId && !actor.isPlatformAdmin)
    throw forbidden(FUNDING_MESSAGES.notInvestor);
}

export async function updateInvestor(
  db: DbOrTx,
  actor: Actor,
  investorId: number,
  body: z.infer<typeof updateInvestorBody>,
) {
  await ownedInvestor(db, actor, investorId);
  await db
    .update(investors)
    .set({ ...body, modified_by: actor.userId, modified_at: new Date() })
    .where(sql`${investors.investor_id} = ${investorId}`);
  return getInvestor(db, actor.userId, investorId);
}

/* ---------- calls ---------- */

interface CallRow {
  call_id: number;
  title: string;
  thesis: string;
  sector: string;
  stage: string;
  ticket_min: number;
  ticket_max: number;
  currency: string;
  closes_at: Date;
  is_open: boolean;
  investor_id: number;
  investor_name: string;
  investor_kind: string;
  owner_id: number;
  applications: number;
}

const CALL_SQL = sql`f.call_id, f.title, f.thesis, f.sector, f.stage, f.ticket_min, f.ticket_max, f.currency, f.closes_at,
  f.closes_at > now() as is_open, i.investor_id, i.name as investor_name, i.kind as investor_kind, i.owner_id,
  (select count(*) from funding_applications a where a.call_id = f.call_id)::int as applications`;

const toCall = (row: CallRow, me: number | null): CallItem => {
  const mine = me !== null && Number(row.owner_id) === me;
  return {
    call_id: Number(row.call_id),
    title: row.title,
    thesis: row.thesis,
    sector: row.sector,
    stage: row.stage,
    ticket_min: Number(row.ticket_min),
    ticket_max: Number(row.ticket_max),
    currency: row.currency,
    closes_at: iso(row.closes_at)!,
    is_open: Boolean(row.is_open),
    investor: { investor_id: Number(row.investor_id), name: row.investor_name, kind: row.investor_kind },
    is_mine: mine,
    // How many applied is the investor's business alone.
    applications: mine ? Number(row.applications) : null,
  };
};

/** Calls, public; open ones (closing soonest first) unless `state=all`. */
export async function searchCalls(db: DbOrTx, me: number | null, query: z.infer<typeof callSearchQuery>) {
  const filters: SQL[] = [sql`f.is_deleted = false`, sql`i.is_deleted = false`];
  if (query.state === 'open') filters.push(sql`f.closes_at > now()`);
  if (query.sector) filters.push(sql`f.sector = ${query.sector}`);
  if (query.stage) filters.push(sql`f.stage = ${query.stage}`);
  if (query.investor_id) filters.push(sql`f.investor_id = ${query.investor_id}`);
  if (query.search) filters.push(wordsMatch(query.search, [sql`f.title`, sql`f.thesis`, sql`i.name`]));
  const rows = await queryRows<CallRow>(
    db,
    sql`select ${CALL_SQL} from funding_calls f join investors i on i.investor_id = f.investor_id
        where ${sql.join(filters, sql` and `)}
        order by (f.closes_at > now()) desc, f.closes_at, f.call_id limit ${query.limit + 1} offset ${Number(query.cursor ?? 0)}`,
  );
  return page(
    rows.map((row) => toCall(row, me)),
    query.cursor,
    query.limit,
  );
}

export async function getCall(db: DbOrTx, me: number | null, callId: number): Promise<CallItem> {
  const [row] = await queryRows<CallRow>(
    db,
    sql`select ${CALL_SQL} from funding_calls f join investors i on i.investor_id = f.investor_id
        where f.call_id = ${callId} and f.is_deleted = false and i.is_deleted = false`,
  );
  if (!row) throw notFound(FUNDING_MESSAGES.callNotFound);
  return toCall(row, me);
}

export async function createCall(db: DbOrTx, actor: Actor, body: z.infer<typeof callBody>) {
  const investorId = await myInvestorId(db, actor.userId);
  if (investorId === null) throw forbidden(FUNDING_MESSAGES.needInvestor);
  const [row] = await db
    .insert(fundingCalls)
    .values({
      ...body,
      closes_at: new Date(body.closes_at),
      investor_id: investorId,
      created_by: actor.userId,
      modified_by: actor.userId,
    })
    .returning({ id: fundingCalls.call_id });
  return getCall(db, actor.userId, row!.id);
}

async function ownedCall(db: DbOrTx, actor: Actor, callId: number) {
  const call = await getCall(db, actor.userId, callId);
  if (!call.is_mine && !actor.isPlatformAdmin) throw forbidden(FUNDING_MESSAGES.notInvestor);
  return call;
}

export async function updateCall(db: DbOrTx, actor: Actor, callId: number, body: z.infer<typeof callBody>) {
  await ownedCall(db, actor, callId);
  await db
    .update(fundingCalls)
    .set({ ...body, closes_at: new Date(body.closes_at), modified_by: actor.userId, modified_at: new Date() })
    .where(sql`${fundingCalls.call_id} = ${callId}`);
  return getCall(db, actor.userId, callId);
}

export async function deleteCall(db: DbOrTx, actor: Actor, callId: number) {
  await ownedCall(db, actor, callId);
  await db
    .update(fundingCalls)
    .set({ is_deleted: true, deleted_at: new Date(), deleted_by: actor.userId })
    .where(sql`${fundingCalls.call_id} = ${callId}`);
}

/* ---------- applications and the deal-flow board ---------- */

interface ApplicationRow {
  application_id: number;
  created_at: Date;
  message: string;
  call_id: number;
  title: string;
  closes_at: Date;
  investor_id: number;
  investor_name: string;
  startup_id: number;
  startup_name: string;
  sector: string;
  stage: string;
}

const APPLICATION_SQL = sql`a.application_id, a.created_at, a.message, f.call_id, f.title, f.closes_at, i.investor_id,
  i.name as investor_name, s.startup_id, s.name as startup_name, s.sector, s.stage`;
const APPLICATION_FROM = sql`funding_applications a join funding_calls f on f.call_id = a.call_id
  join investors i on i.investor_id = f.investor_id join startups s on s.startup_id = a.startup_id`;

const toApplication = (row: ApplicationRow): FundingApplicationItem => ({
  application_id: Number(row.application_id),
  created_at: iso(row.created_at)!,
  message: row.message,
  call: { call_id: Number(row.call_id), title: row.title, closes_at: iso(row.closes_at)! },
  investor: { investor_id: Number(row.investor_id), name: row.investor_name },
  startup: {
    startup_id: Number(row.startup_id),
    name: row.startup_name,
    sector: row.sector,
    stage: row.stage,
  },
});

/**
 * A startup's owner applies to an open call, once per startup and call, with a copy of their
 * fundraising profile (identity's `/fundrasing-profile`) as it stands now.
 */
export async function applyToCall(
  db: DbOrTx,
  actor: Actor,
  body: z.infer<typeof createFundingApplicationBody>,
): Promise<FundingApplicationItem> {
  const fundraising = await findSection(db, actor.userId, 'fundraising');
  if (!fundraising) throw invalid('startup_id', FUNDING_MESSAGES.needFundraising);
  const id = await inScope(db, 'main', async (tx) => {
    const [startup] = await queryRows<{ owner_id: number }>(
      tx,
      sql`select owner_id from startups where startup_id = ${body.startup_id} and is_deleted = false`,
    );
    if (!startup || Number(startup.owner_id) !== actor.userId)
      throw invalid('startup_id', 'Only the startup’s owner can do this.');
    const [call] = await queryRows<{ is_open: boolean; investor_user: number }>(
      tx,
      sql`select f.closes_at > now() as is_open, i.owner_id as investor_user from funding_calls f
          join investors i on i.investor_id = f.investor_id
          where f.call_id = ${body.call_id} and f.is_deleted = false and i.is_deleted = false for update of f`,
    );
    if (!call) throw invalid('call_id', FUNDING_MESSAGES.callNotFound);
    if (!call.is_open) throw conflict(FUNDING_MESSAGES.callClosed);
    const [row] = await tx
      .insert(fundingApplications)
      .values({
        call_id: body.call_id,
        startup_id: body.startup_id,
        applicant_id: actor.userId,
        message: body.message,
        fundraising: fundraising.data,
      })
      .onConflictDoNothing()
      .returning({ id: fundingApplications.application_id });
    if (!row) throw conflict(FUNDING_MESSAGES.alreadyApplied);
    await recordEvent(tx, 'funding.application.created', {
      application_id: row.id,
      call_id: body.call_id,
      investor_user_id: Number(call.investor_user),
      startup_id: body.startup_id,
      tenant_id: null,
    });
    return row.id;
  });
  const [row] = await queryRows<ApplicationRow>(
    db,
    sql`select ${APPLICATION_SQL} from ${APPLICATION_FROM} where a.application_id = ${id}`,
  );
  return toApplication(row!);
}

/** The caller's own funding applications: never the investor's stage, rating or notes. */
export async function myFundingApplications(
  db: DbOrTx,
  me: number,
  cursor: string | undefined,
  limit: number,
) {
  const rows = await queryRows<ApplicationRow>(
    db,
    sql`select ${APPLICATION_SQL} from ${APPLICATION_FROM} where a.applicant_id = ${me}
        order by a.created_at desc, a.application_id desc limit ${limit + 1} offset ${Number(cursor ?? 0)}`,
  );
  return page(rows.map(toApplication), cursor, limit);
}

type DealRow = ApplicationRow & {
  applicant_id: number;
  applicant_name: string;
  fundraising: Record<string, unknown>;
  stage_on_board: DealCard['stage'];
  position: number;
  rating: number | null;
  notes: string;
};

/** The investor's board: applications to their calls (one call, or all), by stage then position. */
export async function dealBoard(
  db: DbOrTx,
  actor: Actor,
  query: z.infer<typeof dealBoardQuery>,
): Promise<DealCard[]> {
  const rows = await queryRows<DealRow>(
    db,
    sql`select ${APPLICATION_SQL}, a.applicant_id, ${nameSql('u')} as applicant_name, a.fundraising,
          a.stage as stage_on_board, a.position, a.rating, a.notes
        from ${APPLICATION_FROM} join users u on u.user_id = a.applicant_id
        where i.owner_id = ${actor.userId} and f.is_deleted = false and s.is_deleted = false
          ${query.call_id ? sql`and f.call_id = ${query.call_id}` : sql``}
        order by a.stage, a.position, a.application_id limit 500`,
  );
  return rows.map((row) => ({
    ...toApplication(row),
    applicant: person(row.applicant_id, row.applicant_name),
    fundraising: row.fundraising,
    stage: row.stage_on_board,
    position: Number(row.position),
    rating: row.rating === null ? null : Number(row.rating),
    notes: row.notes,
  }));
}

/** Only the investor who owns the call touches its cards; anyone else gets a 404. */
async function ownDeal(db: DbOrTx, actor: Actor, applicationId: number): Promise<void> {
  const [row] = await queryRows<{ owner_id: number }>(
    db,
    sql`select i.owner_id from ${APPLICATION_FROM} where a.application_id = ${applicationId}`,
  );
  if (!row || Number(row.owner_id) !== actor.userId) throw notFound(FUNDING_MESSAGES.applicationNotFound);
}

export async function moveDeal(
  db: DbOrTx,
  actor: Actor,
  applicationId: number,
  body: z.infer<typeof moveDealBody>,
) {
  await ownDeal(db, actor, applicationId);
  await db
    .update(fundingApplications)
    .set({ stage: body.stage, position: body.position, modified_at: new Date() })
    .where(sql`${fundingApplications.application_id} = ${applicationId}`);
  return (await dealBoard(db, actor, {})).find((card) => card.application_id === applicationId)!;
}

export async function rateDeal(
  db: DbOrTx,
  actor: Actor,
  applicationId: number,
  body: z.infer<typeof rateDealBody>,
) {
  await ownDeal(db, actor, applicationId);
  await db
    .update(fundingApplications)
    .set({
      ...(body.rating !== undefined ? { rating: body.rating } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      modified_at: new Date(),
    })
    .where(sql`${fundingApplications.application_id} = ${applicationId}`);
  return (await dealBoard(db, actor, {})).find((card) => card.application_id === applicationId)!;
}
