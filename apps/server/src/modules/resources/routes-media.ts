import {
  dataEnvelope,
  ERROR_CODES,
  libraryEntry,
  libraryListQuery,
  libraryProgress,
  librarySave,
  listMetaPlain,
  playlistCreate,
  playlistListQuery,
  playlistUpdate,
  RESOURCE_FILES_API,
  RESOURCE_LIBRARY_API,
  RESOURCE_MESSAGES,
  RESOURCE_PLAYLISTS_API,
  resourceDeleteParams,
  resourceFile,
  resourceFileAttach,
  resourceFileQuery,
  resourceHlsParams,
  resourceItemParams,
  resourcePlaylist,
} from '@nexus/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/app-error';
import type { Jobs } from '../../kernel/jobs';
import { contentDisposition, type FilesDeps, openContent, parseRange } from '../files';
import { HLS_TYPES } from './hls';
import { attachFile, itemFileFor, listItemFiles, type MediaOptions } from './item-files';
import {
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  listLibrary,
  listPlaylists,
  saveEntry,
  saveProgress,
  updatePlaylist,
} from './playlists';
import { resourcePolicies } from './policy';
import { actorOf, deleted, errors } from './routes';

const shownInline = (type: string) => /^(image|audio|video)\//.test(type) || type === 'application/pdf';

/** Files of items, playlists and the personal library (issue 21 points 2, 5 and 6). */
export function registerMediaRoutes(
  app: FastifyInstance,
  database: Database,
  deps: FilesDeps,
  jobs: Jobs,
  media: MediaOptions,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];

  typed.post(
    `${RESOURCE_FILES_API}/createFile`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Attach an uploaded file to an item; a slot that has one gets a new version',
        body: resourceFileAttach,
        response: { 201: dataEnvelope(z.array(resourceFile)), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await attachFile(database, deps, jobs, actorOf(request), request.body, media) }),
  );

  typed.get(
    `${RESOURCE_FILES_API}/getFiles/:id`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: "An item's files, every version",
        params: resourceItemParams,
        response: { 200: dataEnvelope(z.array(resourceFile)), ...errors },
      },
    },
    async (request) => ({ data: await listItemFiles(database, request.actor, request.params.id) }),
  );

  typed.get(
    `${RESOURCE_FILES_API}/content/:id`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: "An item file's bytes for whoever may open the item (Range supported; downloads counted)",
        params: resourceItemParams,
        querystring: resourceFileQuery,
      },
    },
    async (request, reply) => {
      const range = request.headers.range;
      // A read from the first byte is a download or a play; later ranges are the same play seeking.
      const counts = !range || /^bytes=0-/.test(range.trim());
      const { served, slot } = await itemFileFor(database, request.actor, request.params.id, counts);
      const parsed = parseRange(range, served.length);
      if (parsed === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${served.length}`)
          .send({ message: 'The requested range is outside the file.', code: ERROR_CODES.badRequest });
      }
      const type =
        slot === 'caption'
          ? 'text/vtt; charset=utf-8'
          : served.contentType.startsWith('text/')
            ? `${served.contentType}; charset=utf-8`
            : served.contentType;
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .header('etag', served.etag)
        .header('cache-control', 'private, no-cache')
        .header(
          'content-disposition',
          contentDisposition(
            served.row.name,
            request.query.download !== '1' && shownInline(served.contentType),
          ),
        );
      if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
      const body = await openContent(deps, served, parsed);
      if (!parsed) return reply.header('content-length', served.length).send(body);
      return reply
        .status(206)
        .header('content-range', `bytes ${parsed.start}-${parsed.end}/${served.length}`)
        .header('content-length', parsed.end - parsed.start + 1)
        .send(body);
    },
  );

  typed.get(
    `${RESOURCE_FILES_API}/content/:id/hls/:name`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: "A playlist or segment of a video file's HLS ladder, for whoever may open the item",
        params: resourceHlsParams,
      },
    },
    async (request, reply) => {
      // Same rule as the original bytes: hidden item, deleted file or no ladder are one 404.
      const { hlsKey } = await itemFileFor(database, request.actor, request.params.id, false);
      const { name } = request.params;
      const key = hlsKey ? `${hlsKey}/${name}` : null;
      if (!key || !(await deps.store.has(key))) throw notFound(RESOURCE_MESSAGES.fileNotFound);
      return reply
        .header('content-type', HLS_TYPES[name.slice(name.lastIndexOf('.') + 1)])
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .send(await deps.store.get(key));
    },
  );

  const playlist = dataEnvelope(resourcePlaylist);
  typed.get(
    `${RESOURCE_PLAYLISTS_API}/getPlaylists`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: 'Public playlists and the caller’s own (mine=true: only its own)',
        querystring: playlistListQuery,
        response: { 200: z.object({ data: z.array(resourcePlaylist), meta: listMetaPlain }), ...errors },
      },
    },
    async (request) => listPlaylists(database, request.actor, request.query),
  );
  typed.get(
    `${RESOURCE_PLAYLISTS_API}/getPlaylist/:id`,
    {
      config: { policy: resourcePolicies.read },
      schema: {
        tags,
        summary: 'One playlist, items in order',
        params: resourceItemParams,
        response: { 200: playlist, ...errors },
      },
    },
    async (request) => ({ data: await getPlaylist(database, request.actor, request.params.id) }),
  );
  typed.post(
    `${RESOURCE_PLAYLISTS_API}/createPlaylist`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Create a playlist of videos and podcasts',
        body: playlistCreate,
        response: { 201: playlist, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createPlaylist(database, actorOf(request), request.body) }),
  );
  typed.put(
    `${RESOURCE_PLAYLISTS_API}/updatePlaylist/:id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Change a playlist (its owner): title, visibility, items in order',
        params: resourceItemParams,
        body: playlistUpdate,
        response: { 200: playlist, ...errors },
      },
    },
    async (request) => ({
      data: await updatePlaylist(database, actorOf(request), request.params.id, request.body),
    }),
  );
  typed.delete(
    `${RESOURCE_PLAYLISTS_API}/deletePlaylist/:id/:user_id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Delete a playlist (soft)',
        params: resourceDeleteParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await deletePlaylist(database, actorOf(request), request.params.id, request.params.user_id);
      return { data: { id: request.params.id, deleted: true as const } };
    },
  );

  typed.get(
    `${RESOURCE_LIBRARY_API}/getLibrary`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'The caller’s saved items and playlists, and items with progress',
        querystring: libraryListQuery,
        response: { 200: z.object({ data: z.array(libraryEntry), meta: listMetaPlain }), ...errors },
      },
    },
    async (request) => listLibrary(database, actorOf(request), request.query.page, request.query.limit),
  );
  typed.post(
    `${RESOURCE_LIBRARY_API}/saveEntry`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Save or unsave an item or a playlist',
        body: librarySave,
        response: { 200: dataEnvelope(z.object({ saved: z.boolean() })), ...errors },
      },
    },
    async (request) => {
      await saveEntry(database, actorOf(request), request.body);
      return { data: { saved: request.body.saved } };
    },
  );
  typed.put(
    `${RESOURCE_LIBRARY_API}/updateProgress/:id`,
    {
      config: { policy: resourcePolicies.signedIn },
      schema: {
        tags,
        summary: 'Remember where the caller stopped reading or watching an item',
        params: resourceItemParams,
        body: libraryProgress,
        response: {
          200: dataEnvelope(
            z.object({ position_seconds: z.number().int(), progress_percent: z.number().int() }),
          ),
          ...errors,
        },
      },
    },
    async (request) => ({
      data: await saveProgress(database, actorOf(request), request.params.id, request.body),
    }),
  );
}
