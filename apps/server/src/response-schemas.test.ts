import { PROGRAM_API, programSearchPage, programTreeEnvelope } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, teacher } from './test/factories';
import { makeApp, type TestApp } from './test/make-app';

/**
 * Issue 15 point 6: every JSON answer is a whitelist. A route with a response schema has its answer
 * serialized through that schema (unknown fields are dropped) and documented in the OpenAPI document;
 * a route without one would send whatever the handler returns.
 */

/**
 * Routes whose success answer is not JSON, so a zod response schema cannot describe it. Keep this list
 * short and say why for each entry.
 */
const NON_JSON_ROUTES = new Set([
  // A PDF file.
  'GET /api/certificates/pdf/:userId/:publicKey',
  // The signed credential as a JSON-LD file download: stripping or reordering would break its proof.
  'GET /api/certificates/credential/:userId/:publicKey',
  // A CSV download.
  'GET /api/assessment/reports/exportCsv/:assessmentId',
  // The hosted sign-in page (HTML), or redirects (302) back to the client.
  'GET /auth/redirect',
  'GET /auth/callback',
  // An HTML page that asks before signing out, or a redirect.
  'GET /auth/logout',
  // A stored file's bytes (images, documents, media), with range requests.
  'GET /api/files/files/content/:fileId',
  // RFC 5545 calendar files: one item, and the personal feed.
  'GET /api/calendar/downloadItem/:uid',
  'GET /api/calendar/feed/:file',
  'GET /api/experts/sessions/downloadSession/:id',
  // A resource's file bytes (PDFs, audio, video, captions), with range requests.
  'GET /api/resources/files/content/:id',
  // A video file's HLS ladder: playlists and MPEG-TS segments.
  'GET /api/resources/files/content/:id/hls/:name',
]);

/** Routes owned by the documentation plugin itself. */
const isDocsRoute = (url: string) => url.startsWith('/api/docs');

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let doc: { paths: Record<string, Record<string, OpenApiOperation>> };

beforeAll(async () => {
  t = await makeApp();
  const response = await t.app.inject('/api/docs/json');
  expect(response.statusCode, response.body).toBe(200);
  doc = response.json();
});
afterAll(async () => {
  await t?.close();
});

/** `/a/:id/:user_id` as the OpenAPI document spells it: `/a/{id}/{user_id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function hasSuccessSchema(operation: OpenApiOperation | undefined): boolean {
  const responses = Object.entries(operation?.responses ?? {});
  const success = responses.filter(([status]) => /^2(\d\d|XX)$/.test(status));
  return (
    success.length > 0 &&
    // 204 No Content has, by definition, no body to describe.
    success.every(
      ([status, answer]) =>
        status === '204' || Object.values(answer.content ?? {}).some((media) => media.schema),
    )
  );
}

describe('response schemas', () => {
  it('documents every route in an OpenAPI document that builds', () => {
    const missing = t.app.routePolicies
      .filter((route) => !isDocsRoute(route.url))
      .filter((route) => !doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing, `Routes missing from the OpenAPI document:\n${missing.join('\n')}`).toEqual([]);
  });

  it('gives every JSON route a response schema for its success statuses', () => {
    const offenders = t.app.routePolicies
      .filter((route) => !isDocsRoute(route.url))
      .map((route) => `${route.method} ${route.url}`)
      .filter((key) => !NON_JSON_ROUTES.has(key))
      .filter((key) => {
        const [method = '', url = ''] = key.split(' ');
        return !hasSuccessSchema(doc.paths[openApiPath(url)]?.[method.toLowerCase()]);
      })
      .sort();
    expect(offenders, `Routes without a 2xx response schema:\n${offenders.join('\n')}`).toEqual([]);
  });

  it('keeps the exemption list to routes that exist', () => {
    const known = new Set(t.app.routePolicies.map((route) => `${route.method} ${route.url}`));
    expect([...NON_JSON_ROUTES].filter((key) => !known.has(key))).toEqual([]);
  });
});

describe('answers sent past the serialiser', () => {
  // searchPrograms and getCompleteProgram send bytes built from column lists and cached; their schemas
  // only document them, so this checks the bytes carry exactly the documented fields.
  it('sends exactly the documented fields for a program tree and a search', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    const post = async (url: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: 'POST', url: `${PROGRAM_API}${url}`, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data as Record<string, number>;
    };
    const { program_id } = await post('/programs/createProgram', {
      program_name: 'Whitelisted fields',
      program_category: 'general',
      status: 'published',
    });
    const { course_id } = await post('/courses/createCourse', { program_id, course_name: 'Course' });
    const { module_id } = await post('/modules/createModule', { course_id, module_name: 'Module' });
    await post('/units/createUnit', {
      module_id,
      unit_name: 'Unit',
      unit_type: 'text',
      content: { html: '<p>Hello</p>' },
    });

    const tree = await t.app.inject(`${PROGRAM_API}/programs/getCompleteProgram/${program_id}`);
    expect(tree.statusCode, tree.body).toBe(200);
    expect(tree.json().data.program_course[0].course_module[0].module_unit).toHaveLength(1);
    // Parsing strips fields the schema does not name: equal means nothing undocumented was sent.
    expect(programTreeEnvelope.parse(tree.json())).toEqual(tree.json());

    const found = await t.app.inject(`${PROGRAM_API}/programs/searchPrograms?search=Whitelisted`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toHaveLength(1);
    expect(programSearchPage.parse(found.json())).toEqual(found.json());
  });
});
