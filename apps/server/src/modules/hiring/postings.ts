import {
  HIRING_LIMITS,
  HIRING_MESSAGES,
  type PostingDetail,
  type PostingItem,
  type PostingType,
  type postingCreate,
  type postingSearchQuery,
  type postingUpdate,
} from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { queryRows } from '../../db/client';
import { cappedMeta, KeptCounts } from '../../db/kept-counts';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { jobPostingJsonLd, scriptSafeJson } from './json-ld';
import { employerTenant, employs } from './policy';

type CreateInput = z.infer<typeof postingCreate>;
type UpdateInput = z.infer<typeof postingUpdate>;
type SearchInput = z.infer<typeof postingSearchQuery>;

/** The rich text of the editor keeps formatting and links, never scripts, handlers or styles. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
};
const cleanHtml = (html: string) => sanitizeHtml(html, RICH_TEXT).trim();
const plainText = (html: string) =>
  sanitizeHtml(html.replace(/<\/(p|li|h\d|div)>|<br\s*\/?>/gi, ' '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);
export const iso = (value: unknown): string =>
  (value instanceof Date ? value : new Date(String(value))).toISOString();

/** A posting row with its organisation's name. */
export interface PostingRow {
  posting_id: number;
  tenant_id: number;
  organisation: string;
  title: string;
  job_type: PostingType;
  remote: boolean;
  city: string | null;
  country: string;
  description: string;
  description_text: string;
  skills: string[];
  questions: PostingDetail['questions'];
  scorecard_attributes: string[];
  status: 'open' | 'closed';
  posted_at: unknown;
  closes_at: unknown;
}

export const POSTING_COLUMNS = sql.raw(`p.posting_id, p.tenant_id, t.tenant_name as organisation, p.title,
  p.job_type, p.remote, p.city, p.country, p.description, p.description_text, p.skills, p.questions,
  p.scorecard_attributes, p.status, p.posted_at, p.closes_at`);
const LIST_COLUMNS = sql.raw(`p.posting_id, p.tenant_id, t.tenant_name as organisation, p.title, p.job_type,
  p.remote, p.city, p.country, left(p.description_text, 240) as description_text, p.skills, p.status,
  p.posted_at, p.closes_at`);

/** Searchable: open, not deleted, and before its closing date (the date decides, not the job). */
export const OPEN_SQL = sql`p.status = 'open' and p.is_deleted = false and p.closes_at > now()`;

export function toItem(row: PostingRow): PostingItem {
  const closesAt = iso(row.closes_at);
  const text = row.description_text ?? '';
  return {
    posting_id: row.posting_id,
    tenant_id: row.tenant_id,
    organisation: row.organisation,
    title: row.title,
    job_type: row.job_type,
    remote: row.remote,
    city: row.city,
    country: row.country,
    skills: row.skills ?? [],
    summary: text.length > 200 ? `${text.slice(0, 200).trimEnd()}…` : text,
    posted_at: iso(row.posted_at),
    closes_at: closesAt,
    open: row.status === 'open' && new Date(closesAt).getTime() > Date.now(),
  };
}

const escapeLike = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Counts and pages of the public search, kept while the postings' (and their organisations' names')
 * list versions hold and for at most a few seconds: postings also leave search when their closing
 * date passes, which no write announces.
 */
const keptCounts = new KeptCounts({
  tables: ['job_postings', 'tenants'],
  maxAgeMs: 5_000,
  keepPagesMs: 5_000,
  scope: 'all',
});

/** The public search: open postings, newest first, with words, type, remote, place and organisation. */
export async function searchPostings(database: Database, query: SearchInput) {
  const parts: SQL[] = [OPEN_SQL];
  if (query.search) parts.push(sql`p.search_vector @@ websearch_to_tsquery('english', ${query.search})`);
  if (query.job_type) parts.push(sql`p.job_type = ${query.job_type}`);
  if (query.remote !== undefined) parts.push(sql`p.remote = ${query.remote}`);
  if (query.location) {
    const pattern = escapeLike(query.location);
    parts.push(sql`(p.city ilike ${pattern} or p.country = ${query.location.toUpperCase()})`);
  }
  if (query.tenant_id) parts.push(sql`p.tenant_id = ${query.tenant_id}`);
  const where = sql.join(parts, sql` and `);
  const cap = HIRING_LIMITS.countCap;
  const offset = (query.page - 1) * query.limit;
  // Counting stops past the cap: a page shows "more than 1000" rather than scanning every match.
  const countSql = sql`(select count(*)::int from (select 1 from job_postings p where ${where} limit ${cap + 1}) c)`;
  const key = JSON.stringify([query.search, query.job_type, query.remote, query.location, query.tenant_id]);
  // With words, how many match decides the page's plan, so they are counted first.
  let known = keptCounts.known(database, key);
  if (!known && query.search) known = await keptCounts.count(database, key, countSql);
  // Newest first is a walk of job_postings_listing_idx that stops after one page ("nulls last" as the
  // index is built, migration 0031), testing each posting on the way. When words match few postings
  // (or only old ones) that walk reads the whole table (issue 20 bench: 244 ms on PostgreSQL and a
  // timeout on the embedded database for a word in 1% of the postings), so few matches are taken from
  // the text index and sorted instead; many matches fill a page after a short walk.
  const fewMatches = Boolean(query.search) && known !== undefined && known.total <= cap;
  const pageSql = fewMatches
    ? sql`with matched as materialized (select p.posting_id, p.posted_at from job_postings p where ${where})
        select ${LIST_COLUMNS} from (select posting_id, posted_at from matched
          order by posted_at desc nulls last, posting_id desc nulls last
          limit ${query.limit} offset ${offset}) m
        join job_postings p on p.posting_id = m.posting_id join tenants t on t.tenant_id = p.tenant_id
        order by m.posted_at desc nulls last, m.posting_id desc nulls last`
    : sql`select ${LIST_COLUMNS} from job_postings p join tenants t on t.tenant_id = p.tenant_id
        where ${where} order by p.posted_at desc nulls last, p.posting_id desc nulls last
        limit ${query.limit} offset ${offset}`;
  const pageKey = JSON.stringify([key, query.limit, offset]);
  const { rows, counted } = await keptCounts.keptPage<PostingRow>(database, key, pageKey, countSql, pageSql);
  return {
    data: rows.map(toItem),
    meta: cappedMeta(query.page, query.limit, rows.length, counted, cap),
  };
}

/** Organisations with open postings, for the search's filter. */
export async function listOrganisations(database: Database) {
  const rows = await database.read<{ tenant_id: number; name: string; open: number }>(
    sql`select p.tenant_id, t.tenant_name as name, count(*)::int as open from job_postings p
      join tenants t on t.tenant_id = p.tenant_id where ${OPEN_SQL}
      group by p.tenant_id, t.tenant_name order by t.tenant_name limit 200`,
    true,
    'all',
  );
  return { data: rows };
}

export async function readPosting(db: DbOrTx, postingId: number): Promise<PostingRow> {
  const [row] = await inScope(db, 'all', (tx) =>
    queryRows<PostingRow>(
      tx,
      sql`select ${POSTING_COLUMNS} from job_postings p join tenants t on t.tenant_id = p.tenant_id
        where p.posting_id = ${postingId} and p.is_deleted = false`,
    ),
  );
  if (!row) throw notFound(HIRING_MESSAGES.postingNotFound);
  return row;
}

/** The public page: anyone reads a posting, closed ones too (they say so), with its JSON-LD. */
export async function getPosting(
  database: Database,
  actor: Actor | null,
  postingId: number,
  origin: string,
): Promise<PostingDetail> {
  const row = await readPosting(database.db, postingId);
  const item = toItem(row);
  const [mine] = actor
    ? await database.read<{ application_id: number; stage: PostingDetail['my_application'] & {} }>(
        sql`select application_id, stage from job_applications
          where posting_id = ${postingId} and applicant_id = ${actor.userId}`,
        false,
        'all',
      )
    : [];
  const ld = jobPostingJsonLd({ ...item, description: row.description }, origin);
  return {
    ...item,
    description: row.description,
    questions: row.questions,
    scorecard_attributes: employs(actor, row.tenant_id) ? row.scorecard_attributes : [],
    json_ld: scriptSafeJson(ld),
    my_application: mine ? { application_id: mine.application_id, stage: mine.stage as never } : null,
    can_manage: employs(actor, row.tenant_id),
  };
}

/** `<script type="application/ld+json">` of a posting for its page's HTML; null when there is none. */
export async function postingJsonLdScript(
  database: Database,
  id: string,
  origin: string,
): Promise<string | null> {
  if (!/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647) return null;
  try {
    const row = await readPosting(database.db, Number(id));
    const ld = jobPostingJsonLd({ ...toItem(row), description: row.description }, origin);
    return `<script type="application/ld+json" data-nexus="job-posting">${scriptSafeJson(ld)}</script>`;
  } catch {
    return null;
  }
}

function checkClosing(closesAt: string) {
  const when = new Date(closesAt).getTime();
  if (when <= Date.now()) throw invalid('closes_at', HIRING_MESSAGES.closesPast);
  if (when > Date.now() + HIRING_LIMITS.closesMaxDays * 86_400_000)
    throw invalid('closes_at', HIRING_MESSAGES.closesTooFar);
}

function checkQuestions(questions: PostingDetail['questions']) {
  const ids = new Set<string>();
  questions.forEach((question, index) => {
    if (ids.has(question.question_id))
      throw invalid(`questions.${index}.question_id`, 'Each question needs its own id.');
    ids.add(question.question_id);
  });
}

const unique = (values: string[]) => [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];

/** Posts a job in the caller's organisation. */
export async function createPosting(database: Database, actor: Actor, input: CreateInput, origin: string) {
  const tenantId = employerTenant(actor);
  checkClosing(input.closes_at);
  const city = input.city?.trim() || null;
  if (!input.remote && !city) throw invalid('city', HIRING_MESSAGES.cityNeeded);
  const description = cleanHtml(input.description);
  const text = plainText(description);
  if (!text) throw invalid('description', HIRING_MESSAGES.descriptionEmpty);
  checkQuestions(input.questions);
  const [row] = await inScope(database.db, tenantId, (tx) =>
    queryRows<{ posting_id: number }>(
      tx,
      sql`insert into job_postings (tenant_id, title, job_type, remote, city, country, description,
          description_text, skills, questions, scorecard_attributes, closes_at, created_by, modified_by)
        values (${tenantId}, ${input.title}, ${input.job_type}, ${input.remote}, ${city}, ${input.country},
          ${description}, ${text}, ${pgArray(unique(input.skills))}::text[], ${JSON.stringify(input.questions)}::jsonb,
          ${pgArray(unique(input.scorecard_attributes))}::text[], ${input.closes_at}::timestamptz,
          ${actor.userId}, ${actor.userId})
        returning posting_id`,
    ),
  );
  if (!row) throw new Error('insert returned nothing');
  return getPosting(database, actor, row.posting_id, origin);
}

/** A PostgreSQL array literal of text values (bound as one parameter). */
export function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

/** The posting, when the caller hires for its organisation. */
async function ownPosting(database: Database, actor: Actor, postingId: number) {
  const row = await readPosting(database.db, postingId);
  if (!employs(actor, row.tenant_id)) {
    // Another tenant's employer learns nothing beyond what the public page says.
    throw forbidden(HIRING_MESSAGES.notEmployer);
  }
  return row;
}

export async function updatePosting(
  database: Database,
  actor: Actor,
  postingId: number,
  input: UpdateInput,
  origin: string,
) {
  const row = await ownPosting(database, actor, postingId);
  if (input.closes_at) checkClosing(input.closes_at);
  const remote = input.remote ?? row.remote;
  const city = input.city === undefined ? row.city : input.city?.trim() || null;
  if (!remote && !city) throw invalid('city', HIRING_MESSAGES.cityNeeded);
  const description = input.description === undefined ? row.description : cleanHtml(input.description);
  const text = plainText(description);
  if (!text) throw invalid('description', HIRING_MESSAGES.descriptionEmpty);
  if (input.questions) checkQuestions(input.questions);
  await inScope(database.db, row.tenant_id, (tx) =>
    tx.execute(sql`update job_postings set title = ${input.title ?? row.title},
        job_type = ${input.job_type ?? row.job_type}, remote = ${remote}, city = ${city},
        country = ${input.country ?? row.country}, description = ${description}, description_text = ${text},
        skills = ${pgArray(unique(input.skills ?? row.skills))}::text[],
        questions = ${JSON.stringify(input.questions ?? row.questions)}::jsonb,
        scorecard_attributes = ${pgArray(unique(input.scorecard_attributes ?? row.scorecard_attributes))}::text[],
        closes_at = coalesce(${input.closes_at ?? null}::timestamptz, closes_at),
        status = case when ${input.closes_at ?? null}::timestamptz is not null then 'open' else status end,
        modified_by = ${actor.userId}, modified_at = now()
      where posting_id = ${postingId}`),
  );
  return getPosting(database, actor, postingId, origin);
}

/** Closes a posting now: it leaves search and takes no more applications. */
export async function closePosting(database: Database, actor: Actor, postingId: number, origin: string) {
  const row = await ownPosting(database, actor, postingId);
  await inScope(database.db, row.tenant_id, (tx) =>
    tx.execute(sql`update job_postings set status = 'closed', closes_at = least(closes_at, now()),
      modified_by = ${actor.userId}, modified_at = now() where posting_id = ${postingId}`),
  );
  return getPosting(database, actor, postingId, origin);
}

/** The job's part: marks postings past their closing date closed. Returns how many. */
export async function closeExpired(db: DbOrTx): Promise<number> {
  const rows = await inScope(db, 'all', (tx) =>
    queryRows<{ posting_id: number }>(
      tx,
      sql`update job_postings set status = 'closed', modified_at = now()
        where status = 'open' and closes_at <= now() returning posting_id`,
    ),
  );
  return rows.length;
}

/**
 * The employer's postings (the caller's organisation), closed ones too, with counts per stage. A
 * platform admin outside any organisation oversees every organisation's postings.
 */
export async function managedPostings(database: Database, actor: Actor) {
  const tenantId = actor.isPlatformAdmin && actor.tenantId === null ? null : employerTenant(actor);
  const rows = await database.read<PostingRow & { stage_counts: Record<string, number> | null }>(
    sql`select ${LIST_COLUMNS}, (select jsonb_object_agg(stage, n) from (select a.stage, count(*)::int as n
          from job_applications a where a.posting_id = p.posting_id group by a.stage) s) as stage_counts
      from job_postings p join tenants t on t.tenant_id = p.tenant_id
      where ${tenantId === null ? sql`true` : sql`p.tenant_id = ${tenantId}`} and p.is_deleted = false
      order by p.posted_at desc, p.posting_id desc limit 200`,
    false,
    'all',
  );
  return {
    data: rows.map((row) => {
      const counts = row.stage_counts ?? {};
      return {
        ...toItem(row),
        status: row.status,
        applications: Object.values(counts).reduce((sum, n) => sum + n, 0),
        stage_counts: counts,
      };
    }),
  };
}
