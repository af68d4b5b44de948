import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, teacher } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const API = '/api/program';
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `${API}${url}`, payload: payload as object });
const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}` });

/** A published program of `size` courses x modules x units, built through the API by a teacher. */
async function buildProgram(actor: Actor, size: number, overrides: Record<string, unknown> = {}) {
  t.actAs(actor);
  const created = await post('/programs/createProgram', {
    program_name: 'Data Science Foundations',
    description: 'Statistics, Python and a capstone',
    program_category: 'data',
    status: 'published',
    ...overrides,
  });
  expect(created.statusCode, created.body).toBe(201);
  const programId: number = created.json().data.program_id;
  const courseRows = await post(
    '/courses/createMany',
    Array.from({ length: size }, (_, i) => ({
      program_id: programId,
      course_name: `Course ${i + 1}`,
      position: i,
    })),
  );
  expect(courseRows.statusCode, courseRows.body).toBe(201);
  for (const course of courseRows.json().data as { course_id: number }[]) {
    const moduleRows = await post(
      '/modules/createMany',
      Array.from({ length: size }, (_, i) => ({
        course_id: course.course_id,
        module_name: `Module ${i + 1}`,
        position: size - i,
      })),
    );
    for (const module of moduleRows.json().data as { module_id: number }[]) {
      const unitRows = await post(
        '/units/createMany',
        Array.from({ length: size }, (_, i) => ({
          module_id: module.module_id,
          unit_name: `Unit ${i + 1}`,
          position: i,
        })),
      );
      expect(unitRows.statusCode, unitRows.body).toBe(201);
    }
  }
  return programId;
}

describe('authoring', () => {
  it('lets a teacher build a program in order; text units are sanitised; the spec verbs answer', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const programId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1);
    const module = (
      await get(`/modules/getAll?filterFields=${encodeURIComponent(JSON.stringify({ course_id: 0 }))}`)
    ).json();
    expect(module.data).toEqual([]);
    const tree = (await get(`/programs/getCompleteProgram/${programId}`)).json().data;
    const moduleId = tree.program_course[0].course_module[0].module_id;
    const unit = await post('/units/createUnit', {
      module_id: moduleId,
      unit_name: 'Welcome',
      unit_type: 'text',
      content: {
        html: '<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:x">x</a><b>bold</b></p>',
      },
      created_by: 999,
    });
    expect(unit.statusCode).toBe(201);
    expect(unit.json().data.content.html).toBe('<p>Hello <a>x</a><b>bold</b></p>');
    expect(unit.json().data.created_by).toBe(author.user_id);
    const unitId = unit.json().data.unit_id;
    expect((await get(`/units/getUnit/${unitId}`)).json().data.unit_name).toBe('Welcome');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${API}/units/update/${unitId}`,
      payload: { unit_name: 'Hello' },
    });
    expect(renamed.json().data.unit_name).toBe('Hello');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${API}/units/delete/${unitId}/${author.user_id}`,
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(`/units/getUnit/${unitId}`)).statusCode).toBe(404);
    const bulk = await t.app.inject({
      method: 'PUT',
      url: `${API}/programs/deleteMany`,
      payload: { program_ids: [programId], deleted_by: author.user_id },
    });
    expect(bulk.statusCode).toBe(200);
    expect((await get(`/programs/getProgram/${programId}`)).statusCode).toBe(404);
  });

  it('refuses members (403), the signed out (401), bad input (400) and another tenant (404)', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const programId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1);
    t.actAs(member(author.user_id, tenant.tenant_id));
    expect((await post('/programs/createProgram', { program_name: 'X' })).statusCode).toBe(403);
    t.actAs(null);
    expect((await get('/programs/getAll')).statusCode).toBe(401);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    expect((await post('/programs/createProgram', { program_name: '' })).statusCode).toBe(400);
    expect((await post('/programs/createProgram', { program_name: 'X', status: 'live' })).statusCode).toBe(
      400,
    );
    expect((await post('/units/createUnit', { module_id: 2_000_000_000, unit_name: 'U' })).statusCode).toBe(
      400,
    );
    t.actAs(teacher(author.user_id, other.tenant_id));
    expect((await get(`/programs/getProgram/${programId}`)).statusCode).toBe(404);
    expect((await get(`/programs/getCompleteProgram/${programId}`)).statusCode).toBe(404);
    const course = await post('/courses/createCourse', { program_id: programId, course_name: 'Sneaky' });
    expect(course.statusCode).toBe(400);
  });

  it('shows platform programs inside a tenant, but a tenant teacher cannot add to them', async () => {
    const owner = await makeUser(t.database);
    const programId = await buildProgram(platformAdmin(owner.user_id), 1, {
      program_name: 'Platform-wide onboarding',
    });
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    expect((await get(`/programs/getProgram/${programId}`)).statusCode).toBe(200);
    expect(
      (await post('/courses/createCourse', { program_id: programId, course_name: 'Mine' })).statusCode,
    ).toBe(400);
  });
});

describe('drafts', () => {
  it('stay with their authors: a learner neither lists nor opens a draft program', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const draftId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1, {
      program_name: 'Unfinished',
      status: 'draft',
    });
    const publishedId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1, {
      program_name: 'Ready',
    });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const listed = (await get('/programs/getAll?limit=-1'))
      .json()
      .data.map((p: { program_id: number }) => p.program_id);
    expect(listed).toContain(publishedId);
    expect(listed).not.toContain(draftId);
    expect((await get(`/programs/getProgram/${draftId}`)).statusCode).toBe(404);
    expect((await get(`/programs/getCompleteProgram/${draftId}`)).statusCode).toBe(404);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    expect((await get(`/programs/getProgram/${draftId}`)).statusCode).toBe(200);
  });
});

describe('drafts and deleted programs below the program level', () => {
  type Ids = { course: number; module: number; unit: number };
  /** The ids of the first course, module and unit of a program, read by its author. */
  async function firstIds(programId: number): Promise<Ids> {
    const tree = (await get(`/programs/getCompleteProgram/${programId}`)).json().data;
    const course = tree.program_course[0];
    const module = course.course_module[0];
    return { course: course.course_id, module: module.module_id, unit: module.module_unit[0].unit_id };
  }
  /** What the caller lists and opens of each level: ids listed, and the status of each single get. */
  async function seen(ids: Ids) {
    const listed = async (resource: string, key: string) =>
      ((await get(`/${resource}/getAll?limit=-1`)).json().data as Record<string, number>[]).map(
        (row) => row[key],
      );
    return {
      courses: (await listed('courses', 'course_id')).includes(ids.course),
      modules: (await listed('modules', 'module_id')).includes(ids.module),
      units: (await listed('units', 'unit_id')).includes(ids.unit),
      gets: [
        (await get(`/courses/getCourse/${ids.course}`)).statusCode,
        (await get(`/modules/getModule/${ids.module}`)).statusCode,
        (await get(`/units/getUnit/${ids.unit}`)).statusCode,
      ],
    };
  }
  const visible = { courses: true, modules: true, units: true, gets: [200, 200, 200] };
  const hidden = { courses: false, modules: false, units: false, gets: [404, 404, 404] };

  it('a learner neither lists nor opens the courses, modules and units of a draft program; its author does', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asAuthor = teacher(author.user_id, tenant.tenant_id);
    const draftId = await buildProgram(asAuthor, 1, { status: 'draft' });
    const publishedId = await buildProgram(asAuthor, 1);
    const draft = await firstIds(draftId);
    const published = await firstIds(publishedId);
    expect(await seen(draft)).toEqual(visible);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    expect(await seen(draft)).toEqual(hidden);
    expect(await seen(published)).toEqual(visible);
    // Published later: the learner sees it all.
    t.actAs(asAuthor);
    const publish = await t.app.inject({
      method: 'PUT',
      url: `${API}/programs/update/${draftId}`,
      payload: { status: 'published' },
    });
    expect(publish.statusCode).toBe(200);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    expect(await seen(draft)).toEqual(visible);
  });

  it('nobody lists or opens what lies under a deleted program, course or module', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asAuthor = teacher(author.user_id, tenant.tenant_id);
    const gone = await firstIds(await buildProgram(asAuthor, 1));
    const courseGone = await firstIds(await buildProgram(asAuthor, 1));
    const moduleGone = await firstIds(await buildProgram(asAuthor, 1));
    const programIdOf = async (courseId: number) =>
      (await get(`/courses/getCourse/${courseId}`)).json().data.program_id as number;
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${API}/programs/delete/${await programIdOf(gone.course)}/${author.user_id}`,
    });
    expect(removed.statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `${API}/courses/delete/${courseGone.course}/${author.user_id}`,
    });
    await t.app.inject({
      method: 'DELETE',
      url: `${API}/modules/delete/${moduleGone.module}/${author.user_id}`,
    });
    const learner = await makeUser(t.database);
    for (const actor of [asAuthor, member(learner.user_id, tenant.tenant_id)]) {
      t.actAs(actor);
      expect(await seen(gone)).toEqual(hidden);
      expect(await seen(courseGone)).toEqual(hidden);
      const underModule = await seen(moduleGone);
      expect([underModule.courses, underModule.modules, underModule.units]).toEqual([true, false, false]);
      expect(underModule.gets).toEqual([200, 404, 404]);
    }
  });
});

describe('complete program loading', () => {
  it('assembles program_course, course_module and module_unit in order in exactly four queries', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const small = await buildProgram(teacher(author.user_id, tenant.tenant_id), 2);
    const large = await buildProgram(teacher(author.user_id, tenant.tenant_id), 4);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    for (const [programId, size] of [
      [small, 2],
      [large, 4],
    ] as const) {
      const read = vi.spyOn(t.database, 'read');
      const execute = vi.spyOn(t.database.db, 'execute');
      const response = await get(`/programs/getCompleteProgram/${programId}`);
      // Statements reading the program's tables (the request's policy layer may read the caller's menu privileges).
      const statements = [...read.mock.calls, ...execute.mock.calls].map((call) => JSON.stringify(call[0]));
      const queries = statements.filter((text) =>
        /from \\"(programs|courses|modules|units)\\"/.test(text),
      ).length;
      expect(statements.length).toBeLessThanOrEqual(5);
      read.mockRestore();
      execute.mockRestore();
      expect(response.statusCode).toBe(200);
      expect(queries).toBe(4);
      const tree = response.json().data;
      expect(tree.program_course).toHaveLength(size);
      expect(tree.program_course[0].course_module).toHaveLength(size);
      // Modules were created with descending positions: the tree follows position, not id.
      expect(tree.program_course[0].course_module.map((m: { module_name: string }) => m.module_name)).toEqual(
        Array.from({ length: size }, (_, i) => `Module ${size - i}`),
      );
      expect(
        tree.program_course[0].course_module[0].module_unit.map((u: { unit_name: string }) => u.unit_name),
      ).toEqual(Array.from({ length: size }, (_, i) => `Unit ${i + 1}`));
      expect(tree).not.toHaveProperty('search_vector');
      expect(tree).not.toHaveProperty('content_version');
    }
  });

  it('answers a repeat load from one statement and its ETag with a 304, and follows writes made past this server', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asAuthor = teacher(author.user_id, tenant.tenant_id);
    const programId = await buildProgram(asAuthor, 2);
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const url = `/programs/getCompleteProgram/${programId}`;
    const load = async (headers: Record<string, string> = {}) => {
      const read = vi.spyOn(t.database, 'read');
      const response = await t.app.inject({ method: 'GET', url: `${API}${url}`, headers });
      const statements = read.mock.calls.length;
      read.mockRestore();
      return { response, statements };
    };
    const first = await load();
    expect(first.response.statusCode).toBe(200);
    const repeat = await load();
    expect(repeat.statements).toBe(1);
    expect(repeat.response.body).toBe(first.response.body);
    const etag = repeat.response.headers.etag as string;
    expect(etag).toBeTruthy();
    const gzipped = await load({ 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.response.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.response.rawPayload).toString()).toBe(first.response.body);
    const unchanged = await load({ 'if-none-match': etag });
    expect(unchanged.response.statusCode).toBe(304);
    expect(unchanged.response.body).toBe('');
    // A write through another replica (here: straight to the database) changes the version.
    const unitId = first.response.json().data.program_course[0].course_module[0].module_unit[0].unit_id;
    await t.database.system.execute(
      sql`update units set unit_name = 'Renamed elsewhere' where unit_id = ${unitId}`,
    );
    const changed = await load({ 'if-none-match': etag });
    expect(changed.response.statusCode).toBe(200);
    expect(changed.statements).toBe(4);
    expect(changed.response.headers.etag).not.toBe(etag);
    expect(changed.response.json().data.program_course[0].course_module[0].module_unit[0].unit_name).toBe(
      'Renamed elsewhere',
    );
    // Back to draft: the learner's next load is a 404 although a load of it is cached.
    t.actAs(asAuthor);
    await t.app.inject({
      method: 'PUT',
      url: `${API}/programs/update/${programId}`,
      payload: { status: 'draft' },
    });
    t.actAs(member(learner.user_id, tenant.tenant_id));
    expect((await load()).response.statusCode).toBe(404);
  });
});

describe('enrolment', () => {
  it('enrols the caller (never the body user), once, only in a published program, and shows each learner their own', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const programId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1);
    const draftId = await buildProgram(teacher(author.user_id, tenant.tenant_id), 1, { status: 'draft' });
    const [ada, bob] = [await makeUser(t.database), await makeUser(t.database)];
    t.actAs(member(ada.user_id, tenant.tenant_id));
    const enrolled = await post('/programs-enrolled/createProgramEnrolled', {
      program_id: programId,
      user_id: bob.user_id,
    });
    expect(enrolled.statusCode).toBe(201);
    expect(enrolled.json().data).toMatchObject({
      program_id: programId,
      user_id: ada.user_id,
      status: 'active',
    });
    expect(
      (await post('/programs-enrolled/createProgramEnrolled', { program_id: programId })).statusCode,
    ).toBe(409);
    expect((await post('/programs-enrolled/createProgramEnrolled', { program_id: draftId })).statusCode).toBe(
      400,
    );
    t.actAs(member(bob.user_id, tenant.tenant_id));
    expect((await get('/programs-enrolled/getAll')).json().data).toEqual([]);
    const id = enrolled.json().data.enrollment_id;
    expect((await get(`/programs-enrolled/getEnrolledProgram/${id}`)).statusCode).toBe(404);
    t.actAs(teacher(author.user_id, tenant.tenant_id));
    expect((await get('/programs-enrolled/getAll')).json().data).toHaveLength(1);
  });
});
