import {
  RESOURCE_MESSAGES,
  type ResourceItem,
  type ResourceLink,
  type ResourceLinkInput,
  type resourceItemCreate,
  type resourceItemUpdate,
} from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import sanitizeHtml from 'sanitize-html';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { files, resourceCollections, resourceItems } from '../../db/schema';
import { inScope } from '../../db/scope';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { Jobs } from '../../kernel/jobs';
import { findVentures } from '../ecosystem';
import { type CollectionFacts, managesCollection, uploadsTo } from './policy';
import { approves, managesItem, toItem, visibleItem } from './rows';

type CreateInput = z.output<typeof resourceItemCreate>;
type UpdateInput = z.output<typeof resourceItemUpdate>;

/** Rich text keeps formatting, headings, lists, quotes, code and links; never scripts or handlers. */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'h1', 'h2', 'img'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
};
export const cleanHtml = (html: string) => sanitizeHtml(html, RICH_TEXT).trim();
const plainText = (html: string) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();

const invalid = (path: string, message: string) => badRequest(message, [{ in: 'body', path, message }]);

type CollectionRow = CollectionFacts & { collection_id: number };

async function loadCollection(tx: Tx, collectionId: number): Promise<CollectionRow | null> {
  const [row] = await tx
    .select({
      collection_id: resourceCollections.collection_id,
      tenant_id: resourceCollections.tenant_id,
      managers: resourceCollections.managers,
      upload_rights: resourceCollections.upload_rights,
      requires_approval: resourceCollections.requires_approval,
    })
    .from(resourceCollections)
    .where(
      and(eq(resourceCollections.collection_id, collectionId), eq(resourceCollections.is_deleted, false)),
    );
  return row ?? null;
}

/** Visibility rules that do not depend on the database: a role needs its id, a tenant item a tenant. */
function checkVisibility(visibility: string, roleId: number | null, tenantId: number | null): void {
  if (visibility === 'role' && roleId === null) throw invalid('role_id', RESOURCE_MESSAGES.roleNeeded);
  if ((visibility === 'tenant' || visibility === 'role') && tenantId === null)
    throw invalid('visibility', RESOURCE_MESSAGES.tenantNeeded);
}

/**
 * A case study's links as stored: a startup or project named by id takes its current name and page
 * from the ecosystem area (400 naming the link when there is none); a web page stays as given.
 */
async function resolveLinks(tx: Tx, links: ResourceLinkInput[]): Promise<ResourceLink[]> {
  const ventures = links.flatMap((link) => (link.type === 'link' ? [] : [link]));
  const found = ventures.length > 0 ? await findVentures(tx, ventures) : [];
  return links.map((link, index) => {
    if (link.type === 'link') return link;
    const venture = found.find((candidate) => candidate.type === link.type && candidate.id === link.id);
    if (!venture) {
      const message = RESOURCE_MESSAGES.linkedVentureNotFound;
      throw badRequest(message, [{ in: 'body', path: `links.${index}.id`, message }]);
    }
    return venture;
  });
}

/** Publishing in a portal that requires approval is a manager's decision; others submit for review. */
function checkStatus(actor: Actor, status: string, collection: CollectionRow | null): void {
  if (status !== 'published' || !collection?.requires_approval) return;
  if (!managesCollection(actor, collection)) throw invalid('status', RESOURCE_MESSAGES.approvalNeeded);
}

async function checkCover(tx: Tx, actor: Actor, fileId: string | null | undefined): Promise<void> {
  if (!fileId) return;
  const [row] = await tx.select({ owner: files.owner_id }).from(files).where(eq(files.file_id, fileId));
  if (row?.owner !== actor.userId) throw invalid('cover_file_id', RESOURCE_MESSAGES.fileNotYours);
}

export async function createItem(
  database: Database,
  actor: Actor,
  input: CreateInput,
): Promise<ResourceItem> {
  return inScope(database.db, 'all', async (tx) => {
    let tenantId = actor.tenantId;
    let collection: CollectionRow | null = null;
    if (input.collection_id !== null) {
      collection = await loadCollection(tx, input.collection_id);
      if (!collection) throw invalid('collection_id', RESOURCE_MESSAGES.collectionNotFound);
      if (collection.tenant_id !== null && collection.tenant_id !== actor.tenantId && !actor.isPlatformAdmin)
        throw forbidden(RESOURCE_MESSAGES.otherTenantCollection);
      if (!uploadsTo(actor, collection)) throw forbidden(RESOURCE_MESSAGES.cannotUpload);
      tenantId = collection.tenant_id;
    }
    checkVisibility(input.visibility, input.role_id, tenantId);
    checkStatus(actor, input.status, collection);
    await checkCover(tx, actor, input.cover_file_id);
    const body = cleanHtml(input.body);
    const links = await resolveLinks(tx, input.links);
    const [row] = await inScope(tx, tenantId ?? 'main', (scoped) =>
      scoped
        .insert(resourceItems)
        .values({
          tenant_id: tenantId,
          collection_id: input.collection_id,
          kind: input.kind,
          title: input.title,
          summary: input.summary,
          authors: input.authors,
          tags: [...new Set(input.tags)],
          language: input.language,
          licence: input.licence,
          cover_file_id: input.cover_file_id,
          body,
          body_text: plainText(body),
          visibility: input.visibility,
          role_id: input.visibility === 'role' ? input.role_id : null,
          status: input.status,
          chapters: [...input.chapters].sort((a, b) => a.start - b.start),
          links,
          duration_seconds: input.duration_seconds,
          published_at: input.status === 'published' ? new Date() : null,
          created_by: actor.userId,
          modified_by: actor.userId,
        })
        .returning({ item_id: resourceItems.item_id }),
    );
    const item = await visibleItem(tx, actor, row!.item_id);
    return toItem(tx, actor, item!);
  });
}

export async function getItem(
  database: Database,
  actor: Actor | null,
  itemId: number,
): Promise<ResourceItem> {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visibleItem(tx, actor, itemId);
    if (!row) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    return toItem(tx, actor, row);
  });
}

export async function updateItem(
  database: Database,
  actor: Actor,
  itemId: number,
  input: UpdateInput,
): Promise<ResourceItem> {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visibleItem(tx, actor, itemId);
    if (!row) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    if (!(await managesItem(tx, actor, itemId))) throw forbidden(RESOURCE_MESSAGES.notYourItem);
    const visibility = input.visibility ?? row.visibility;
    const roleId = input.role_id === undefined ? row.role_id : input.role_id;
    checkVisibility(visibility, roleId, row.tenant_id);
    const collection = row.collection_id === null ? null : await loadCollection(tx, row.collection_id);
    if (input.status !== undefined && input.status !== row.status)
      checkStatus(actor, input.status, collection);
    // An approved document changed by its author goes back to review in a portal that needs approval.
    const status =
      input.status ??
      (row.status === 'published' && collection?.requires_approval && !managesCollection(actor, collection)
        ? 'review'
        : row.status);
    await checkCover(tx, actor, input.cover_file_id);
    const body = input.body === undefined ? undefined : cleanHtml(input.body);
    const links = input.links === undefined ? undefined : await resolveLinks(tx, input.links);
    await inScope(tx, row.tenant_id ?? 'main', (scoped) =>
      scoped
        .update(resourceItems)
        .set({
          ...(input.title !== undefined && { title: input.title }),
          ...(input.summary !== undefined && { summary: input.summary }),
          ...(input.authors !== undefined && { authors: input.authors }),
          ...(input.tags !== undefined && { tags: [...new Set(input.tags)] }),
          ...(input.language !== undefined && { language: input.language }),
          ...(input.licence !== undefined && { licence: input.licence }),
          ...(input.cover_file_id !== undefined && { cover_file_id: input.cover_file_id }),
          ...(body !== undefined && { body, body_text: plainText(body) }),
          ...(input.chapters !== undefined && {
            chapters: [...input.chapters].sort((a, b) => a.start - b.start),
          }),
          ...(links !== undefined && { links }),
          ...(input.duration_seconds !== undefined && { duration_seconds: input.duration_seconds }),
          visibility,
          role_id: visibility === 'role' ? roleId : null,
          status,
          ...(status === 'published' && row.status !== 'published' && { published_at: new Date() }),
          modified_by: actor.userId,
          modified_at: new Date(),
        })
        .where(eq(resourceItems.item_id, itemId)),
    );
    return toItem(tx, actor, (await visibleItem(tx, actor, itemId))!);
  });
}

/** A manager approves an item waiting for review (it is published) or returns it to its author. */
export async function reviewItem(
  database: Database,
  actor: Actor,
  itemId: number,
  decision: 'approve' | 'return',
): Promise<ResourceItem> {
  return inScope(database.db, 'all', async (tx) => {
    const row = await visibleItem(tx, actor, itemId);
    if (!row) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    if (!approves(actor, row)) throw forbidden(RESOURCE_MESSAGES.notManager);
    if (row.status !== 'review') throw badRequest(RESOURCE_MESSAGES.notInReview);
    await tx.execute(
      decision === 'approve'
        ? sql`update resource_items set status = 'published', published_at = now(), modified_by = ${actor.userId}, modified_at = now() where item_id = ${itemId}`
        : sql`update resource_items set status = 'draft', modified_by = ${actor.userId}, modified_at = now() where item_id = ${itemId}`,
    );
    return toItem(tx, actor, (await visibleItem(tx, actor, itemId))!);
  });
}

/** Soft-deletes an item; its files' HLS ladders are removed by a job queued in the same transaction. */
export async function deleteItem(
  database: Database,
  jobs: Jobs,
  actor: Actor,
  itemId: number,
  userId: number,
): Promise<void> {
  if (userId !== actor.userId) throw forbidden(RESOURCE_MESSAGES.notOwnDelete);
  await inScope(database.db, 'all', async (tx) => {
    const row = await visibleItem(tx, actor, itemId);
    if (!row) throw notFound(RESOURCE_MESSAGES.itemNotFound);
    if (!(await managesItem(tx, actor, itemId))) throw forbidden(RESOURCE_MESSAGES.notYourItem);
    await tx.execute(
      sql`update resource_items set is_deleted = true, deleted_at = now(), deleted_by = ${actor.userId} where item_id = ${itemId}`,
    );
    await jobs.enqueue(tx, 'resources.drop-hls', { item_id: itemId });
  });
}
