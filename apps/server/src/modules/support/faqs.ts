import { type Faq, type FaqCreate, type FaqUpdate, SUPPORT_MESSAGES } from '@nexus/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { faqs } from '../../db/schema';
import { inScope, scopeOf } from '../../db/scope';
import { badRequest, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { cleanHtml, textOf } from '../../http/rich-text';

const FAQ_SQL = sql`f.faq_id, f.tenant_id, f.category, f.question, f.answer, f.position, f.created_by, f.modified_by,
  to_json(f.created_at) #>> '{}' as created_at, to_json(f.modified_at) #>> '{}' as modified_at, f.is_deleted`;

/** The FAQs a caller changes: its own context's (the platform's on the main platform). */
function writable(actor: Actor): SQL {
  const tenant = actor.tenantId === null ? sql`f.tenant_id is null` : sql`f.tenant_id = ${actor.tenantId}`;
  return sql`${tenant} and f.is_deleted = false`;
}

const containsPattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * getFaqs: the platform's FAQs for everyone (signed out too), plus the tenant's inside a tenant; each
 * word of `search` must appear in the question or the answer. Ordered by category, then position.
 */
export async function listFaqs(
  database: Database,
  actor: Actor | null,
  search: string | undefined,
): Promise<Faq[]> {
  const tenantId = actor?.tenantId ?? null;
  const conditions = [
    tenantId === null ? sql`f.tenant_id is null` : sql`(f.tenant_id is null or f.tenant_id = ${tenantId})`,
    sql`f.is_deleted = false`,
  ];
  for (const word of (search ?? '').split(/\s+/).filter(Boolean).slice(0, 10)) {
    conditions.push(
      sql`(f.question ilike ${containsPattern(word)} or f.answer_text ilike ${containsPattern(word)})`,
    );
  }
  return inScope(database.db, tenantId ?? 'main', (tx) =>
    queryRows<Faq>(
      tx,
      sql`select ${FAQ_SQL} from faqs f where ${sql.join(conditions, sql` and `)}
          order by f.category asc, f.tenant_id nulls first, f.position asc, f.faq_id asc limit 1000`,
    ),
  );
}

/** createFaq: in the caller's context, placed last of its category. */
export async function createFaq(database: Database, actor: Actor, body: FaqCreate): Promise<Faq> {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const category = body.category ?? 'General';
    const [last] = await queryRows<{ position: number | null }>(
      tx,
      sql`select max(f.position) as position from faqs f where ${writable(actor)} and f.category = ${category}`,
    );
    const answer = cleanHtml(body.answer);
    const [row] = await tx
      .insert(faqs)
      .values({
        tenant_id: actor.tenantId,
        category,
        question: body.question,
        answer,
        answer_text: textOf(answer),
        position: Number(last?.position ?? -1) + 1,
        created_by: actor.userId,
        modified_by: actor.userId,
      })
      .returning({ id: faqs.faq_id });
    const [out] = await queryRows<Faq>(tx, sql`select ${FAQ_SQL} from faqs f where f.faq_id = ${row!.id}`);
    return out!;
  });
}

/** updateFaq/{id}: only a FAQ of the caller's own context; any other answers 404. */
export async function updateFaq(
  database: Database,
  actor: Actor,
  faqId: number,
  body: FaqUpdate,
): Promise<Faq> {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const changes: Record<string, unknown> = { modified_by: actor.userId, modified_at: new Date() };
    if (body.category !== undefined) changes.category = body.category;
    if (body.question !== undefined) changes.question = body.question;
    if (body.answer !== undefined) {
      changes.answer = cleanHtml(body.answer);
      changes.answer_text = textOf(changes.answer as string);
    }
    const updated = await tx
      .update(faqs)
      .set(changes)
      .where(
        sql`${faqs.faq_id} = ${faqId} and ${faqs.tenant_id} ${actor.tenantId === null ? sql`is null` : sql`= ${actor.tenantId}`} and ${faqs.is_deleted} = false`,
      )
      .returning({ id: faqs.faq_id });
    if (updated.length === 0) throw notFound(SUPPORT_MESSAGES.faqNotFound);
    const [out] = await queryRows<Faq>(tx, sql`select ${FAQ_SQL} from faqs f where f.faq_id = ${faqId}`);
    return out!;
  });
}

/** deleteFaq/{id}/{user_id}: a soft delete of a FAQ of the caller's context. */
export async function deleteFaq(database: Database, actor: Actor, faqId: number): Promise<Faq> {
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const [row] = await queryRows<Faq>(
      tx,
      sql`update faqs f set is_deleted = true, deleted_by = ${actor.userId}, deleted_at = now()
          where f.faq_id = ${faqId} and ${writable(actor)} returning ${FAQ_SQL}`,
    );
    if (!row) throw notFound(SUPPORT_MESSAGES.faqNotFound);
    return row;
  });
}

/** reorderFaqs: positions follow the order given; every id must be a FAQ of the caller's context. */
export async function reorderFaqs(database: Database, actor: Actor, ids: number[]): Promise<Faq[]> {
  if (new Set(ids).size !== ids.length) {
    throw badRequest('Name each FAQ once.', [
      { in: 'body', path: 'faq_ids', message: 'Name each FAQ once.' },
    ]);
  }
  return inScope(database.db, scopeOf(actor), async (tx) => {
    const list = sql.join(
      ids.map((id) => sql`${id}::int`),
      sql`, `,
    );
    const found = await queryRows<{ faq_id: number }>(
      tx,
      sql`select f.faq_id from faqs f where f.faq_id in (${list}) and ${writable(actor)}`,
    );
    // A FAQ of another tenant (or the platform's, for a tenant admin) is refused without naming which.
    if (found.length !== ids.length) throw notFound(SUPPORT_MESSAGES.faqOrderUnknown);
    for (const [position, id] of ids.entries()) {
      await tx.execute(
        sql`update faqs set position = ${position}, modified_by = ${actor.userId}, modified_at = now() where faq_id = ${id}`,
      );
    }
    return queryRows<Faq>(
      tx,
      sql`select ${FAQ_SQL} from faqs f where f.faq_id in (${list}) order by f.position`,
    );
  });
}
