import { HIRING_MESSAGES, JOB_POSTINGS_API } from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobPostings, profileSections } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { closeExpired } from './postings';
import { hiringKit, inDays, postingBody } from './test-kit';

/** Issue 20 point 2: postings, the public search, expiry, JSON-LD and the hub. */

let t: TestApp;
let kit: ReturnType<typeof hiringKit>;
let tenantA: number;
let tenantB: number;
let adminA: Actor;
let adminB: Actor;

beforeAll(async () => {
  t = await makeApp();
  kit = hiringKit(t);
  tenantA = (await makeTenant(t.database, { tenant_name: 'Acme Hiring' })).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
  adminA = tenantAdmin(await kit.newUser(), tenantA);
  adminB = tenantAdmin(await kit.newUser(), tenantB);
});
afterAll(async () => {
  await t?.close();
});

const count = async () =>
  (await t.database.system.select({ n: sql<number>`count(*)::int` }).from(jobPostings))[0]?.n ?? 0;

describe('create', () => {
  it('posts a job for the tenant admin, sanitises the description and answers valid JSON-LD', async () => {
    const response = await kit.create(
      adminA,
      postingBody({ description: '<p onclick="x()">Hi<script>bad()</script> there</p>' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      tenant_id: tenantA,
      organisation: 'Acme Hiring',
      open: true,
      can_manage: true,
    });
    expect(data.description).toBe('<p>Hi there</p>');
    // An independent parse of the serialised JSON-LD, as a crawler reads the page's script.
    const ld = JSON.parse(data.json_ld);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'JobPosting',
      title: data.title,
      description: '<p>Hi there</p>',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Acme Hiring' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Berlin', addressCountry: 'DE' } },
    });
    expect(ld.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(ld.validThrough).toISOString()).toBe(data.closes_at);
    expect(ld.jobLocationType).toBeUndefined();
  });

  it('describes a remote internship as TELECOMMUTE with the applicant country', async () => {
    const posting = await kit.posted(adminA, {
      job_type: 'internship',
      remote: true,
      city: null,
      country: 'in',
      title: 'Remote </script><script>alert(1)</script> intern',
    });
    expect(posting.json_ld).not.toContain('</script>');
    const ld = JSON.parse(posting.json_ld);
    expect(ld).toMatchObject({
      employmentType: 'INTERN',
      jobLocationType: 'TELECOMMUTE',
      applicantLocationRequirements: { '@type': 'Country', name: 'IN' },
    });
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.title).toContain('</script>');
  });

  it('refuses bad input with a 400 naming the problem, and stores nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string | null][] = [
      [{ closes_at: inDays(-1) }, HIRING_MESSAGES.closesPast],
      [{ closes_at: inDays(400) }, HIRING_MESSAGES.closesTooFar],
      [{ city: null }, HIRING_MESSAGES.cityNeeded],
      [{ description: '<script>x</script>' }, HIRING_MESSAGES.descriptionEmpty],
      [{ closes_at: undefined }, null],
      [{ job_type: 'forever' }, null],
      [{ country: 'Germany' }, null],
      [{ created_by: 1 }, null],
    ];
    for (const [overrides, message] of cases) {
      const response = await kit.create(adminA, postingBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it('is for employers only: signed out 401, a member 403, no tenant 403', async () => {
    expect((await kit.create(null, postingBody())).statusCode).toBe(401);
    expect((await kit.create(member(await kit.newUser(), tenantA), postingBody())).statusCode).toBe(403);
    const outside = await kit.create(tenantAdmin(await kit.newUser(), tenantA), postingBody());
    expect(outside.statusCode).toBe(201);
    const platform = await kit.create(platformAdmin(await kit.newUser()), postingBody());
    expect(platform.statusCode).toBe(403);
    expect(platform.json().message).toBe(HIRING_MESSAGES.tenantNeeded);
    // Outside any organisation, a platform admin oversees every organisation's postings.
    const overseen = await kit.call(
      platformAdmin(await kit.newUser()),
      'GET',
      `${JOB_POSTINGS_API}/getManaged`,
    );
    expect(overseen.statusCode).toBe(200);
    expect(overseen.json().data.length).toBeGreaterThan(0);
  });
});

describe('update and close', () => {
  it('lets the own organisation change and close a posting, not another', async () => {
    const posting = await kit.posted(adminA);
    const path = `${JOB_POSTINGS_API}/update/${posting.posting_id}`;
    expect((await kit.call(adminB, 'PUT', path, { title: 'Taken over' })).statusCode).toBe(403);
    expect((await kit.call(null, 'PUT', path, { title: 'Taken over' })).statusCode).toBe(401);
    expect((await kit.call(adminA, 'PUT', path, { closes_at: 'soon' })).statusCode).toBe(400);
    const updated = await kit.call(adminA, 'PUT', path, {
      title: 'Senior engineer',
      remote: true,
      city: null,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ title: 'Senior engineer', remote: true, city: null });
    const close = `${JOB_POSTINGS_API}/close/${posting.posting_id}`;
    expect((await kit.call(adminB, 'POST', close)).statusCode).toBe(403);
    const closed = await kit.call(adminA, 'POST', close);
    expect(closed.json().data.open).toBe(false);
    const found = await kit.search(null, `?tenant_id=${tenantA}&limit=50`);
    expect(found.json().data.map((p: { posting_id: number }) => p.posting_id)).not.toContain(
      posting.posting_id,
    );
    expect((await kit.call(adminA, 'POST', `${JOB_POSTINGS_API}/close/999999`)).statusCode).toBe(404);
  });
});

describe('search (public)', () => {
  it('works signed out with only its defaults, newest first, and leaves expired posts out by date', async () => {
    const tenantC = (await makeTenant(t.database)).tenant_id;
    const adminC = tenantAdmin(await kit.newUser(), tenantC);
    const old = await kit.posted(adminC, { title: 'Expiring welder' });
    const fresh = await kit.posted(adminC, { title: 'Fresh welder' });
    // The closing date passes; no job has run yet, and search already leaves it out.
    await t.database.system
      .update(jobPostings)
      .set({ closes_at: new Date(Date.now() - 1000) })
      .where(eq(jobPostings.posting_id, old.posting_id));
    const response = await kit.search(null);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toMatchObject({ page: 1, limit: 20, totalExact: true });
    const ids = body.data.map((p: { posting_id: number }) => p.posting_id);
    expect(ids[0]).toBe(fresh.posting_id);
    expect(ids).not.toContain(old.posting_id);
    // The job makes the status catch up, once.
    expect(await closeExpired(t.database.db)).toBeGreaterThanOrEqual(1);
    const [row] = await t.database.system
      .select({ status: jobPostings.status })
      .from(jobPostings)
      .where(eq(jobPostings.posting_id, old.posting_id));
    expect(row?.status).toBe('closed');
    expect(await closeExpired(t.database.db)).toBe(0);
    const page = await kit.get(null, old.posting_id);
    expect(page.statusCode).toBe(200);
    expect(page.json().data.open).toBe(false);
  });

  it('filters by words, type, remote, place and organisation, and pages', async () => {
    const tenantD = (await makeTenant(t.database, { tenant_name: 'Dune Robotics' })).tenant_id;
    const adminD = tenantAdmin(await kit.newUser(), tenantD);
    const a = await kit.posted(adminD, { title: 'Robotics welder', city: 'Lyon', country: 'FR' });
    const b = await kit.posted(adminD, {
      title: 'Marketing intern',
      job_type: 'internship',
      remote: true,
      city: null,
    });
    const ids = async (query: string) => {
      const response = await kit.search(null, `?tenant_id=${tenantD}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((p: { posting_id: number }) => p.posting_id);
    };
    expect(await ids('search=welders')).toEqual([a.posting_id]);
    expect(await ids('job_type=internship')).toEqual([b.posting_id]);
    expect(await ids('remote=true')).toEqual([b.posting_id]);
    expect(await ids('remote=false')).toEqual([a.posting_id]);
    expect(await ids('location=lyo')).toEqual([a.posting_id]);
    expect(await ids('location=FR')).toEqual([a.posting_id]);
    expect(await ids('limit=1&page=2')).toEqual([a.posting_id]);
    const orgs = await kit.call(null, 'GET', `${JOB_POSTINGS_API}/getOrganisations`);
    expect(orgs.json().data).toContainEqual({ tenant_id: tenantD, name: 'Dune Robotics', open: 2 });
  });

  it('pages word matches newest first, with totals that follow every write at once', async () => {
    const tenantE = (await makeTenant(t.database)).tenant_id;
    const adminE = tenantAdmin(await kit.newUser(), tenantE);
    const first = await kit.posted(adminE, { title: 'Glaciology surveyor' });
    const second = await kit.posted(adminE, { title: 'Glaciology analyst' });
    await kit.posted(adminE, { title: 'Unrelated baker' });
    const search = async (query: string) => {
      const response = await kit.search(null, `?tenant_id=${tenantE}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      return { ids: body.data.map((p: { posting_id: number }) => p.posting_id), meta: body.meta };
    };
    expect(await search('search=glaciology')).toMatchObject({
      ids: [second.posting_id, first.posting_id],
      meta: { total: 2, totalPages: 1, totalExact: true },
    });
    expect(await search('search=glaciology&limit=1')).toMatchObject({
      ids: [second.posting_id],
      meta: { total: 2, totalPages: 2 },
    });
    // The count of that query is kept now; a new match and a closed one show on the next call.
    const third = await kit.posted(adminE, { title: 'Glaciology intern' });
    expect(await search('search=glaciology&limit=1')).toMatchObject({
      ids: [third.posting_id],
      meta: { total: 3, totalPages: 3 },
    });
    await t.database.system
      .update(jobPostings)
      .set({ status: 'closed' })
      .where(eq(jobPostings.posting_id, third.posting_id));
    expect(await search('search=glaciology&limit=1&page=2')).toMatchObject({
      ids: [first.posting_id],
      meta: { total: 2, totalPages: 2 },
    });
  });

  it('refuses bad queries with a 400', async () => {
    for (const query of ['limit=0', 'limit=500', 'job_type=forever', 'remote=maybe', 'page=0', 'sort=x'])
      expect((await kit.search(null, `?${query}`)).statusCode, query).toBe(400);
    expect((await kit.get(null, 999999)).statusCode).toBe(404);
    expect((await kit.call(null, 'GET', `${JOB_POSTINGS_API}/getById/abc`)).statusCode).toBe(400);
  });
});

describe('managed and matched', () => {
  it("lists the organisation's postings with counts to its employers only", async () => {
    const posting = await kit.posted(adminB);
    const response = await kit.call(adminB, 'GET', `${JOB_POSTINGS_API}/getManaged`);
    expect(response.statusCode).toBe(200);
    const ids = response.json().data.map((p: { posting_id: number }) => p.posting_id);
    expect(ids).toContain(posting.posting_id);
    const other = await kit.call(adminA, 'GET', `${JOB_POSTINGS_API}/getManaged`);
    expect(other.json().data.map((p: { posting_id: number }) => p.posting_id)).not.toContain(
      posting.posting_id,
    );
    expect((await kit.call(null, 'GET', `${JOB_POSTINGS_API}/getManaged`)).statusCode).toBe(401);
    expect(
      (await kit.call(member(await kit.newUser(), tenantB), 'GET', `${JOB_POSTINGS_API}/getManaged`))
        .statusCode,
    ).toBe(403);
  });

  it('puts postings that fit the profile first, with the reasons, and the rest below', async () => {
    const fit = await kit.posted(adminB, { title: 'Rust developer', skills: ['Rust', 'Embedded'] });
    const plain = await kit.posted(adminB, { title: 'Cook', skills: ['Cooking'], city: 'Oslo' });
    const userId = await kit.newUser();
    await t.database.system.insert(profileSections).values({
      user_id: userId,
      section: 'employability',
      data: { skills: ['rust'], job_preferences: { job_types: [], locations: [], work_place: 'any' } },
    });
    const response = await kit.call(member(userId, null), 'GET', `${JOB_POSTINGS_API}/getMatched`);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.matched[0]).toMatchObject({ posting_id: fit.posting_id, reasons: ['Skill: Rust'] });
    expect(body.matched.map((p: { posting_id: number }) => p.posting_id)).not.toContain(plain.posting_id);
    expect(body.others.map((p: { posting_id: number }) => p.posting_id)).toContain(plain.posting_id);
    // Without a profile everything is "the rest", and signed out is refused.
    const empty = await kit.call(member(await kit.newUser(), null), 'GET', `${JOB_POSTINGS_API}/getMatched`);
    expect(empty.json().matched).toEqual([]);
    expect(empty.json().others.length).toBeGreaterThan(0);
    expect((await kit.call(null, 'GET', `${JOB_POSTINGS_API}/getMatched`)).statusCode).toBe(401);
  });
});
