import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toQuery } from '../../db/client';
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

const get = (url: string) => t.app.inject({ method: 'GET', url: `${API}${url}` });

/** A published program made through the API by `actor`; its id. */
async function createProgram(actor: Actor, overrides: Record<string, unknown> = {}): Promise<number> {
  t.actAs(actor);
  const created = await t.app.inject({
    method: 'POST',
    url: `${API}/programs/createProgram`,
    payload: { program_name: 'Untitled', program_category: 'general', status: 'published', ...overrides },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data.program_id;
}

/** The names a search answers, and how many statements it took. */
async function search(query: string) {
  const read = vi.spyOn(t.database, 'read');
  const response = await get(`/programs/searchPrograms?${query}`);
  const statements = read.mock.calls.length;
  const searchedIndex = read.mock.calls.some((call) => toQuery(call[0]).sql.includes('program_search'));
  read.mockRestore();
  expect(response.statusCode, response.body).toBe(200);
  const names = response.json().data.map((p: { program_name: string }) => p.program_name);
  return { names, statements, searchedIndex, meta: response.json().meta };
}

describe('searchPrograms', () => {
  it('finds published programs by words, filters by category and dates, and hides drafts from learners', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asTeacher = teacher(author.user_id, tenant.tenant_id);
    await createProgram(asTeacher, {
      program_name: 'Marine biology field course',
      program_category: 'science',
      start_date: '2027-03-01T00:00:00Z',
    });
    await createProgram(asTeacher, {
      program_name: 'Startup finance',
      program_category: 'business',
      description: 'Biology of money',
    });
    await createProgram(asTeacher, { program_name: 'Biology draft', status: 'draft' });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const names = async (query: string) => (await search(query)).names;
    expect(await names('search=biology')).toEqual(['Marine biology field course', 'Startup finance']);
    expect(await names('search=biology&program_category=business')).toEqual(['Startup finance']);
    expect(await names('search=biology&starts_after=2027-01-01T00:00:00Z')).toEqual([
      'Marine biology field course',
    ]);
    expect(await names('search=biology&status=draft')).toEqual([
      'Marine biology field course',
      'Startup finance',
    ]);
    t.actAs(asTeacher);
    expect(await names('search=biology&status=draft')).toEqual(['Biology draft']);
    const page = (await get('/programs/searchPrograms?search=biology&limit=1&page=2')).json();
    expect(page.meta).toMatchObject({ page: 2, limit: 1, total: 2, totalPages: 2, totalExact: true });
    expect((await get('/programs/searchPrograms?limit=500')).statusCode).toBe(400);
    expect((await get('/programs/searchPrograms?starts_after=yesterday')).statusCode).toBe(400);
  });

  it('lists the catalogue newest first when no words are given, paged, without drafts (issue 13)', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asTeacher = teacher(author.user_id, tenant.tenant_id);
    await createProgram(asTeacher, { program_name: 'Oldest in the catalogue' });
    await createProgram(asTeacher, { program_name: 'Unfinished', status: 'draft' });
    await createProgram(asTeacher, { program_name: 'Newest in the catalogue' });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    // Exactly what /lxp asks first: no search word at all.
    const first = await search('page=1&limit=12');
    expect(first.names.slice(0, 2)).toEqual(['Newest in the catalogue', 'Oldest in the catalogue']);
    expect(first.names).not.toContain('Unfinished');
    const bare = await get('/programs/searchPrograms');
    expect(bare.statusCode, bare.body).toBe(200);
    expect(bare.json().meta).toMatchObject({ page: 1, limit: 10, totalExact: true });
    const second = await search('page=2&limit=1');
    expect(second.names).toEqual(['Oldest in the catalogue']);
  });

  it('answers a repeated search from one short statement, and any change to a program of the scope at once', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asTeacher = teacher(author.user_id, tenant.tenant_id);
    const programId = await createProgram(asTeacher, { program_name: 'Glassblowing basics' });
    const learner = await makeUser(t.database);
    const asLearner = member(learner.user_id, tenant.tenant_id);
    t.actAs(asLearner);
    const first = await search('search=glassblowing');
    expect(first.names).toEqual(['Glassblowing basics']);
    expect(first).toMatchObject({ statements: 1, searchedIndex: true });
    const repeat = await search('search=glassblowing');
    expect(repeat.names).toEqual(['Glassblowing basics']);
    // The one statement of a repeat reads the catalogue versions only, not the search index.
    expect(repeat).toMatchObject({ statements: 1, searchedIndex: false });

    // Through the API: a rename and a new program are seen by the next search.
    t.actAs(asTeacher);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${API}/programs/update/${programId}`,
      payload: { program_name: 'Glassblowing for beginners' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await createProgram(asTeacher, { program_name: 'Advanced glassblowing' });
    t.actAs(asLearner);
    expect((await search('search=glassblowing')).names).toEqual(
      expect.arrayContaining(['Glassblowing for beginners', 'Advanced glassblowing']),
    );

    // Past this server (another replica, a script): a column the search does not index, then a deletion.
    await t.database.system.execute(
      sql`update programs set image_url = 'https://example.org/glass.png' where program_id = ${programId}`,
    );
    const withImage = await get('/programs/searchPrograms?search=glassblowing');
    expect(
      withImage.json().data.find((p: { program_id: number }) => p.program_id === programId).image_url,
    ).toBe('https://example.org/glass.png');
    await t.database.system.execute(
      sql`update programs set is_deleted = true where program_id = ${programId}`,
    );
    expect((await search('search=glassblowing')).names).toEqual(['Advanced glassblowing']);
  });

  it('keeps answers apart per scope and status, and follows platform programs inside tenants', async () => {
    const [one, two] = [await makeTenant(t.database), await makeTenant(t.database)];
    const author = await makeUser(t.database);
    await createProgram(teacher(author.user_id, one.tenant_id), { program_name: 'Pottery in tenant one' });
    await createProgram(teacher(author.user_id, one.tenant_id), {
      program_name: 'Pottery draft',
      status: 'draft',
    });
    await createProgram(teacher(author.user_id, two.tenant_id), { program_name: 'Pottery in tenant two' });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, one.tenant_id));
    expect((await search('search=pottery')).names).toEqual(['Pottery in tenant one']);
    t.actAs(member(learner.user_id, two.tenant_id));
    expect((await search('search=pottery')).names).toEqual(['Pottery in tenant two']);
    t.actAs(teacher(author.user_id, one.tenant_id));
    expect((await search('search=pottery&status=draft')).names).toEqual(['Pottery draft']);
    t.actAs(member(learner.user_id, one.tenant_id));
    expect((await search('search=pottery&status=draft')).names).toEqual(['Pottery in tenant one']);

    // A platform program is part of every tenant's catalogue: its arrival reaches a cached answer.
    const admin = await makeUser(t.database);
    await createProgram(platformAdmin(admin.user_id), { program_name: 'Pottery for everyone' });
    t.actAs(member(learner.user_id, two.tenant_id));
    expect((await search('search=pottery')).names).toEqual(
      expect.arrayContaining(['Pottery in tenant two', 'Pottery for everyone']),
    );
    expect((await search('search=pottery')).names).toHaveLength(2);
  });

  it('bumps a scope catalogue version on program writes only, never on a course, module or unit', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asTeacher = teacher(author.user_id, tenant.tenant_id);
    const version = async () => {
      const rows = (await t.database.system.execute(
        sql`select version from catalogue_versions where scope_key = ${tenant.tenant_id}`,
      )) as unknown as { rows: { version: string | number }[] };
      return Number(rows.rows[0]?.version ?? 0);
    };
    const programId = await createProgram(asTeacher, { program_name: 'Weaving' });
    const afterCreate = await version();
    expect(afterCreate).toBeGreaterThan(0);
    t.actAs(asTeacher);
    const course = await t.app.inject({
      method: 'POST',
      url: `${API}/courses/createCourse`,
      payload: { program_id: programId, course_name: 'Looms', position: 0 },
    });
    expect(course.statusCode, course.body).toBe(201);
    expect(await version()).toBe(afterCreate);
    await t.database.system.execute(
      sql`update programs set description = 'Threads' where program_id = ${programId}`,
    );
    expect(await version()).toBe(afterCreate + 1);
  });

  it('matches the last word typed as a prefix and tolerates typos in names (issue 23 point 2)', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    const asTeacher = teacher(author.user_id, tenant.tenant_id);
    await createProgram(asTeacher, { program_name: 'Getting started with Quokkaware' });
    await createProgram(asTeacher, { program_name: 'Quokkaware for gardeners', description: 'Soil' });
    await createProgram(asTeacher, { program_name: 'Unrelated weaving' });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const names = async (query: string) => (await search(query)).names;
    // Whole words, and the word being typed.
    expect(await names('search=Getting')).toEqual(['Getting started with Quokkaware']);
    expect(await names('search=Gett')).toEqual(['Getting started with Quokkaware']);
    expect(await names('search=getting%20sta')).toEqual(['Getting started with Quokkaware']);
    // Every word must match: one the catalogue lacks leaves nothing, not a guess.
    expect(await names('search=getting%20zebras')).toEqual([]);
    expect((await names('search=Quokka')).sort()).toEqual([
      'Getting started with Quokkaware',
      'Quokkaware for gardeners',
    ]);
    // Typos in a name: one wrong, missing or swapped letter.
    expect((await names('search=Quokkawear')).sort()).toEqual([
      'Getting started with Quokkaware',
      'Quokkaware for gardeners',
    ]);
    expect(await names('search=gardners')).toEqual(['Quokkaware for gardeners']);
    expect(await names('search=weavign')).toEqual(['Unrelated weaving']);
    // tsquery syntax is only text: no error, no match of everything.
    for (const typed of ["'", '&', '!', ':*', '(quokka', "quokka' | 'weaving", 'a\\b']) {
      const answer = await get(`/programs/searchPrograms?search=${encodeURIComponent(typed)}`);
      expect(answer.statusCode, `${typed}: ${answer.body}`).toBe(200);
      expect(answer.json().data.length, typed).toBeLessThan(3);
    }
    expect(await names(`search=${encodeURIComponent("quokka' | 'weaving")}`)).not.toContain(
      'Unrelated weaving',
    );
  });

  it('runs the typo search only when the words find nothing', async () => {
    const tenant = await makeTenant(t.database);
    const author = await makeUser(t.database);
    await createProgram(teacher(author.user_id, tenant.tenant_id), {
      program_name: 'Ceramics for beginners',
    });
    const learner = await makeUser(t.database);
    t.actAs(member(learner.user_id, tenant.tenant_id));
    const found = await search('search=ceram');
    expect(found.names).toEqual(['Ceramics for beginners']);
    expect(found.statements).toBe(1);
    const typo = await search('search=ceramisc');
    expect(typo.names).toEqual(['Ceramics for beginners']);
    expect(typo.statements).toBe(2);
  });
});
