import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { eq, inArray, sql } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { FileStore } from '../../modules/files';
import type { Tx } from '../client';
import {
  files,
  resourceCollections,
  resourceFiles,
  resourceItems,
  resourcePlaylists,
  tenants,
  users,
} from '../schema';

/** A one-page PDF made here, so the demo report previews, downloads and is found by its words. */
async function demoPdf(title: string, text: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 780, size: 20, font });
  text.split('\n').forEach((line, i) => {
    page.drawText(line, { x: 50, y: 740 - i * 18, size: 12, font });
  });
  return Buffer.from(await document.save());
}

/** A file of the seed's assets: beside this module in the sources, under dist/seed-assets built. */
function demoAsset(name: string): Buffer | null {
  const here = dirname(fileURLToPath(import.meta.url));
  const found = [
    join(here, 'assets', name),
    join(here, 'seed-assets', name),
    join(here, 'db/seed/assets', name),
  ].find((path) => existsSync(path));
  return found ? readFileSync(found) : null;
}

const CAPTIONS =
  'WEBVTT\n\n00:00.000 --> 00:04.000\nWelcome to the pitch clinic.\n\n00:04.000 --> 00:09.000\nFirst: the problem, in one sentence.\n';

async function storeFile(
  tx: Tx,
  store: FileStore,
  owner: number,
  tenantId: number | null,
  name: string,
  type: string,
  purpose: string,
  bytes: Buffer,
): Promise<string> {
  const fileId = randomUUID();
  const key = `${tenantId === null ? 'p' : `t${tenantId}`}/${fileId}`;
  await store.put(key, Readable.from([bytes]), type);
  await tx.insert(files).values({
    file_id: fileId,
    tenant_id: tenantId,
    owner_id: owner,
    purpose,
    name,
    content_type: type,
    size_bytes: bytes.length,
    stored_bytes: bytes.length,
    storage_key: key,
    sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  return fileId;
}

/**
 * Demo resources (issue 21 point 4): one item of every kind, a documents portal of Riverside Institute
 * that needs a manager's approval (the institute admin manages it), a report with a generated PDF
 * whose text is searchable, a short video (WebM) with WebVTT captions and chapters, and a public
 * playlist of the video and the podcast. Files are stored only when the caller brings the file store.
 * Idempotent: nothing is added once the portal exists.
 */
export async function seedDemoResources(tx: Tx, store?: FileStore): Promise<number> {
  const people = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['admin', 'teacher', 'mentor', 'institute-admin', 'student']));
  const idOf = new Map(people.map((row) => [row.username, row.user_id]));
  const admin = idOf.get('admin') ?? idOf.get('teacher');
  if (admin === undefined) return 0;
  const [riverside] = await tx
    .select({ id: tenants.tenant_id })
    .from(tenants)
    .where(eq(tenants.tenant_name, 'Riverside Institute of Technology'));
  const tenantId = riverside?.id ?? null;
  const portalName = 'Riverside research portal';
  const [existing] = await tx
    .select({ id: resourceCollections.collection_id })
    .from(resourceCollections)
    .where(eq(resourceCollections.name, portalName));
  if (existing) return 0;
  const instituteAdmin = idOf.get('institute-admin');
  const [portal] = await tx
    .insert(resourceCollections)
    .values({
      tenant_id: tenantId,
      name: portalName,
      description: 'Reports and papers of Riverside Institute. A manager approves each new document.',
      is_portal: true,
      requires_approval: true,
      upload_rights: 'members',
      visibility: tenantId === null ? 'platform' : 'tenant',
      managers: instituteAdmin ? [instituteAdmin] : [],
      created_by: instituteAdmin ?? admin,
    })
    .returning({ id: resourceCollections.collection_id });
  const now = Date.now();
  const items = [
    {
      kind: 'article',
      title: 'Finding your first ten customers',
      summary: 'A field guide to customer discovery interviews for first-time founders.',
      body: '<h2>Start with a problem</h2><p>Talk to people who have the problem before you build anything. Ask about the last time it happened, not about your idea.</p><h2>Ten conversations</h2><p>Ten honest conversations tell you more than a hundred survey answers.</p>',
      tags: ['customer discovery', 'startups'],
    },
    {
      kind: 'video',
      title: 'Pitch clinic: the first minute',
      summary: 'How to open a pitch so the room keeps listening.',
      tags: ['pitching'],
      chapters: [
        { start: 0, title: 'Welcome' },
        { start: 4, title: 'The problem in one sentence' },
      ],
      captions: true,
      media: 'pitch-clinic.webm',
    },
    {
      kind: 'podcast',
      title: 'Founders on funding, episode 1',
      summary: 'Three founders compare grants, angels and revenue-based finance.',
      tags: ['funding'],
      chapters: [
        { start: 0, title: 'Introductions' },
        { start: 300, title: 'Grants' },
      ],
    },
    {
      kind: 'case_study',
      title: 'How a campus lab became a solar startup',
      summary: 'From a student project to a company selling off-grid kits.',
      body: '<p>The team started in the Riverside energy lab and spun out after two pilots.</p>',
      tags: ['energy', 'spin-off'],
      links: [
        {
          type: 'link' as const,
          name: 'Riverside energy lab',
          url: 'https://example.org/riverside-energy-lab',
        },
      ],
    },
    {
      kind: 'template',
      title: 'One-page business model template',
      summary: 'A printable canvas for the first version of your business model.',
      tags: ['templates'],
      pdf: 'Business model template\nCustomers, value, channels, revenue, costs.',
    },
    {
      kind: 'report',
      title: 'Regional innovation report 2026',
      summary: 'Funding, startups and research output across the region this year.',
      tags: ['energy', 'research'],
      pdf: 'Regional innovation report 2026\nPhotovoltaic startups doubled their revenue.\nResearch output grew by a fifth.',
      portal: true,
    },
    {
      kind: 'publication',
      title: 'Open data for innovation policy',
      summary: 'A policy paper on sharing public data with startups.',
      tags: ['policy'],
      pdf: 'Open data for innovation policy\nPublic agencies can publish anonymised datasets.',
    },
    {
      kind: 'document',
      title: 'Lab safety handbook',
      summary: 'The rules of the Riverside energy lab.',
      tags: ['lab'],
      pdf: 'Lab safety handbook\nGoggles on. Batteries in the fire-safe cabinet.',
      portal: true,
    },
  ];
  let created = 0;
  for (const [index, demo] of items.entries()) {
    const inPortal = 'portal' in demo && demo.portal === true;
    const owner = inPortal ? (instituteAdmin ?? admin) : admin;
    const [row] = await tx
      .insert(resourceItems)
      .values({
        tenant_id: inPortal ? tenantId : null,
        collection_id: inPortal ? portal!.id : null,
        kind: demo.kind,
        title: demo.title,
        summary: demo.summary,
        authors: ['Nexus editorial team'],
        tags: demo.tags,
        language: 'en',
        licence: 'CC BY 4.0',
        body: 'body' in demo ? (demo.body as string) : '',
        body_text: 'body' in demo ? (demo.body as string).replace(/<[^>]+>/g, ' ') : '',
        visibility: inPortal && tenantId !== null ? 'tenant' : 'public',
        status: 'published',
        chapters: 'chapters' in demo ? demo.chapters : [],
        links: 'links' in demo ? demo.links : [],
        published_at: new Date(now - index * 86_400_000),
        created_by: owner,
        modified_by: owner,
      })
      .returning({ id: resourceItems.item_id });
    created++;
    if (!store) continue;
    const scope = inPortal ? tenantId : null;
    // Stores a file of the item and attaches it in `slot` as its first version.
    const attach = async (
      slot: 'main' | 'caption',
      name: string,
      type: string,
      purpose: string,
      bytes: Buffer,
    ) => {
      const fileId = await storeFile(tx, store, owner, scope, name, type, purpose, bytes);
      await tx.insert(resourceFiles).values({
        item_id: row!.id,
        tenant_id: scope,
        file_id: fileId,
        slot,
        version: 1,
        created_by: owner,
      });
    };
    if ('pdf' in demo && demo.pdf) {
      await attach(
        'main',
        `${demo.kind}.pdf`,
        'application/pdf',
        'document',
        await demoPdf(demo.title, demo.pdf),
      );
      await tx.execute(
        sql`update resource_items set extracted_text = ${demo.pdf.replace(/\n/g, ' ')} where item_id = ${row!.id}`,
      );
    }
    if ('captions' in demo && demo.captions)
      await attach('caption', 'captions.vtt', 'text/plain', 'document', Buffer.from(CAPTIONS));
    const mediaName = 'media' in demo ? demo.media : undefined;
    const media = mediaName ? demoAsset(mediaName) : null;
    if (mediaName && media) await attach('main', mediaName, 'video/webm', 'media', media);
  }
  await seedDemoPlaylist(tx, admin);
  return created;
}

/** A public playlist of the demo video and podcast, in that order (/playlists/{id}). */
async function seedDemoPlaylist(tx: Tx, owner: number): Promise<void> {
  const listed = await tx
    .select({ id: resourceItems.item_id, kind: resourceItems.kind })
    .from(resourceItems)
    .where(
      inArray(resourceItems.title, ['Pitch clinic: the first minute', 'Founders on funding, episode 1']),
    );
  const order = ['video', 'podcast'].flatMap((kind) =>
    listed.filter((row) => row.kind === kind).map((row) => row.id),
  );
  if (order.length === 0) return;
  await tx.insert(resourcePlaylists).values({
    owner_id: owner,
    title: 'Pitching and funding, start here',
    description: 'Watch the pitch clinic, then hear founders compare ways to fund a company.',
    visibility: 'public',
    item_ids: order,
    created_by: owner,
    modified_by: owner,
  });
}

/**
 * The demo case study is about a demo startup (SunGrid Homes); the ecosystem is seeded after the
 * resources (db/seed/index.ts), so the link is made once both exist. Running it again changes nothing.
 */
export async function linkDemoCaseStudy(tx: Tx): Promise<void> {
  await tx.execute(sql`update resource_items r set links = jsonb_build_array(
      jsonb_build_object('type', 'startup', 'id', s.startup_id, 'name', s.name,
        'url', '/startup-project/overview/' || s.startup_id),
      jsonb_build_object('type', 'link', 'name', 'Riverside energy lab',
        'url', 'https://example.org/riverside-energy-lab'))
    from startups s
    where s.name = 'SunGrid Homes' and s.is_deleted = false
      and r.kind = 'case_study' and r.title = 'How a campus lab became a solar startup'`);
}
