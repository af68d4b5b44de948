import { FILES_API, JOB_APPLICATIONS_API, JOB_POSTINGS_API } from '@nexus/contracts';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { Actor } from '../../http/policy';
import { postingBody } from '../../test/area-bodies';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/make-app';
import { multipart, textBytes } from '../../test/upload-fixtures';

export { inDays, postingBody } from '../../test/area-bodies';

async function pdfBytes(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Curriculum vitae');
  return Buffer.from(await doc.save());
}

/** Calls of the hiring API as one actor or another, for this module's test files. */
export function hiringKit(t: TestApp) {
  const call = (actor: Actor | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => {
    t.actAs(actor);
    return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  };
  const P = JOB_POSTINGS_API;
  const A = JOB_APPLICATIONS_API;
  const kit = {
    call,
    newUser: async () => (await makeUser(t.database)).user_id,
    create: (actor: Actor | null, body: Record<string, unknown>) => call(actor, 'POST', `${P}/create`, body),
    async posted(actor: Actor, overrides: Record<string, unknown> = {}) {
      const response = await kit.create(actor, postingBody(overrides));
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as { posting_id: number; title: string; json_ld: string };
    },
    search: (actor: Actor | null, query = '') => call(actor, 'GET', `${P}/getAll${query}`),
    get: (actor: Actor | null, id: number) => call(actor, 'GET', `${P}/getById/${id}`),
    /** Uploads a CV through the files module (a real PDF unless told otherwise). */
    async cv(actor: Actor, kind: 'pdf' | 'text' = 'pdf') {
      t.actAs(actor);
      const file =
        kind === 'pdf'
          ? { name: 'cv.pdf', type: 'application/pdf', data: await pdfBytes() }
          : { name: 'cv.txt', type: 'text/plain', data: textBytes(200) };
      const response = await t.app.inject({
        method: 'POST',
        url: `${FILES_API}/upload`,
        ...multipart(file, { purpose: 'document' }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.file_id as string;
    },
    apply: (actor: Actor | null, body: Record<string, unknown>) => call(actor, 'POST', `${A}/create`, body),
    async applied(actor: Actor, postingId: number) {
      const response = await kit.apply(actor, {
        posting_id: postingId,
        cv_file_id: await kit.cv(actor),
        answers: { why: 'I like it', start: 'Now' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.application_id as number;
    },
    mine: (actor: Actor | null) => call(actor, 'GET', `${A}/getMine`),
    pipeline: (actor: Actor | null, postingId: number) => call(actor, 'GET', `${P}/getPipeline/${postingId}`),
    detail: (actor: Actor | null, id: number) => call(actor, 'GET', `${A}/getById/${id}`),
    move: (actor: Actor | null, id: number, stage: string) =>
      call(actor, 'PUT', `${A}/move/${id}`, { stage }),
    note: (actor: Actor | null, id: number, body: string) =>
      call(actor, 'POST', `${A}/addNote/${id}`, { body }),
    score: (actor: Actor | null, id: number, body: Record<string, unknown>) =>
      call(actor, 'PUT', `${A}/saveScorecard/${id}`, body),
    decline: (actor: Actor | null, body: Record<string, unknown>) =>
      call(actor, 'POST', `${A}/declineMany`, body),
  };
  return kit;
}
