import fastifyMultipart from '@fastify/multipart';
import {
  ERROR_CODES,
  errorBody,
  FILE_MESSAGES,
  FILE_PURPOSES,
  FILES_API,
  type FilePurpose,
  fileContentQuery,
  fileDeleteParams,
  fileParams,
  fileRecord,
  uploadQuery,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { contentDisposition } from './names';
import { parseRange } from './range';
import { deleteFile, fileMetadata, openContent, servedFile } from './service';
import { type FilesDeps, storeUpload } from './upload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 message when a declared Content-Length passes the route's body limit (app.ts). */
    tooLargeMessage?: string;
  }
}

const MB = 1024 * 1024;
/** Room for the multipart boundaries and headers around the file itself. */
const MULTIPART_SLACK = 64 * 1024;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Types a browser may show in place; everything else is offered as a download. */
const shownInline = (type: string) => /^(image|audio|video)\//.test(type) || type === 'application/pdf';

/**
 * Files (issue 15 point 4; docs/files.md): upload (multipart, streamed), metadata, content with the
 * access check and byte ranges, delete. Multipart parsing is registered for the upload route only.
 */
export function registerFiles(app: FastifyInstance, deps: FilesDeps): void {
  const tags = ['files'];
  const maxBytes = deps.maxMb * MB;

  app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      // One file and a few small fields; the file's own cap is counted by the module as it streams.
      limits: { files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 50, fileSize: maxBytes + 1 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      `${FILES_API}/upload`,
      {
        config: { policy: 'signedIn', tooLargeMessage: FILE_MESSAGES.tooLarge(deps.maxMb) },
        // The app's onRequest guard refuses a declared length past this before anything is read.
        bodyLimit: maxBytes + MULTIPART_SLACK,
        schema: {
          tags,
          summary: 'Upload one file (multipart/form-data: `purpose`, then `file`)',
          querystring: uploadQuery,
          response: {
            201: z.object({ data: fileRecord }),
            ...errors,
            409: errorBody,
            413: errorBody,
            415: errorBody,
          },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // Whatever goes wrong, the rest of a refused body is not worth reading: close the connection.
        try {
          if (!request.isMultipart()) throw badRequest(FILE_MESSAGES.notMultipart);
          const part = await request.file().catch((error: unknown) => {
            if ((error as { statusCode?: number }).statusCode === 413) throw error;
            throw badRequest(FILE_MESSAGES.malformed);
          });
          if (part?.fieldname !== 'file') throw badRequest(FILE_MESSAGES.noFile);
          const field = part.fields.purpose;
          const fromField =
            field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
          const purpose = request.query.purpose ?? fromField;
          if (!purpose || !(FILE_PURPOSES as readonly string[]).includes(purpose)) {
            throw badRequest(FILE_MESSAGES.purposeMissing);
          }
          const length = Number(request.headers['content-length']);
          const record = await storeUpload(deps, actor, {
            purpose: purpose as FilePurpose,
            filename: part.filename,
            declaredType: part.mimetype,
            stream: part.file,
            declaredLength: Number.isFinite(length) && length > 0 ? length - 1024 : undefined,
          });
          return reply.status(201).send({ data: record });
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });

  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    `${FILES_API}/getFile/:fileId`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: "A file's metadata",
        params: fileParams,
        response: { 200: z.object({ data: fileRecord }), ...errors },
      },
    },
    async (request) => ({ data: await fileMetadata(deps, actorOf(request), request.params.fileId) }),
  );

  typed.get(
    `${FILES_API}/content/:fileId`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: "A file's bytes (Range supported), or a resized image variant with ?size=",
        params: fileParams,
        querystring: fileContentQuery,
      },
    },
    async (request, reply) => {
      const served = await servedFile(deps, actorOf(request), request.params.fileId, request.query.size);
      const range = parseRange(request.headers.range, served.length);
      if (range === 'unsatisfiable') {
        return reply
          .status(416)
          .header('content-range', `bytes */${served.length}`)
          .send({ message: 'The requested range is outside the file.', code: ERROR_CODES.badRequest });
      }
      const type = served.contentType.startsWith('text/')
        ? `${served.contentType}; charset=utf-8`
        : served.contentType;
      reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('accept-ranges', 'bytes')
        .header('etag', served.etag)
        // Revalidated on every use, so a deleted file or a lost right stops showing at once.
        .header('cache-control', 'private, no-cache')
        .header(
          'content-disposition',
          contentDisposition(
            served.row.name,
            request.query.download !== '1' && shownInline(served.contentType),
          ),
        );
      if (request.headers['if-none-match'] === served.etag) return reply.status(304).send();
      const body = await openContent(deps, served, range);
      if (!range) return reply.header('content-length', served.length).send(body);
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${served.length}`)
        .header('content-length', range.end - range.start + 1)
        .send(body);
    },
  );

  typed.delete(
    `${FILES_API}/deleteFile/:fileId/:user_id`,
    {
      config: { policy: 'signedIn' },
      schema: {
        tags,
        summary: 'Delete a file (owner or administrator); its bytes leave the storage usage',
        params: fileDeleteParams,
        response: {
          200: z.object({ data: z.object({ file_id: z.string(), deleted: z.literal(true) }) }),
          ...errors,
        },
      },
    },
    async (request) => {
      await deleteFile(deps, actorOf(request), request.params.fileId, request.params.user_id);
      return { data: { file_id: request.params.fileId, deleted: true as const } };
    },
  );
}
