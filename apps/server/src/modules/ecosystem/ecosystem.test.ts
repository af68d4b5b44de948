import { ECOSYSTEM_API, ECOSYSTEM_MESSAGES } from '@nexus/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cohortApplications, cohorts, notifications } from '../../db/schema';
import { makeTenant, makeUser, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';
import { caller, makeCenter, makeStartup, STARTUP, somebody } from './test-helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
const E = ECOSYSTEM_API;

beforeAll(async () => {
  t = await makeApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

describe('startups', () => {
  it('creates, lists with defaults, filters and pages; signed out is a 401', async () => {
    const founder = await somebody(t);
    const { startup_id } = await makeStartup(t, founder, { name: 'Aqua Grid', sector: 'agriculture' });
    const list = await call(founder, 'GET', `${E}/getStartups`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((s: { startup_id: number }) => s.startup_id)).toContain(startup_id);
    const filtered = await call(founder, 'GET', `${E}/getStartups?sector=agriculture&search=aqua&limit=1`);
    expect(filtered.json().data).toHaveLength(1);
    expect(filtered.json().data[0].name).toBe('Aqua Grid');
    const none = await call(founder, 'GET', `${E}/getStartups?sector=health&search=aqua`);
    expect(none.json().data).toEqual([]);
    expect((await call(null, 'GET', `${E}/getStartups`)).statusCode).toBe(401);
    expect((await call(founder, 'GET', `${E}/getStartups?sector=space`)).statusCode).toBe(400);
    expect((await call(founder, 'GET', `${E}/getStartups?cursor=abc`)).statusCode).toBe(400);
  });

  it('refuses bad input with a 400 and stores nothing', async () => {
    const founder = await somebody(t);
    const bad = await call(founder, 'POST', `${E}/createStartup`, { ...STARTUP, name: '', country: 'XX' });
    expect(bad.statusCode).toBe(400);
    const spoof = await call(founder, 'POST', `${E}/createStartup`, { ...STARTUP, owner_id: 1 });
    expect(spoof.statusCode).toBe(400);
    const mine = await call(founder, 'GET', `${E}/getMyStartups`);
    expect(mine.json().data).toEqual([]);
  });

  it('shows traction and deck only to the owner; only the owner edits', async () => {
    const founder = await somebody(t);
    const stranger = await somebody(t);
    const { startup_id } = await makeStartup(t, founder);
    const own = (await call(founder, 'GET', `${E}/getStartups/${startup_id}`)).json().data;
    expect(own.traction).toBe(STARTUP.traction);
    expect(own.can_edit).toBe(true);
    const other = (await call(stranger, 'GET', `${E}/getStartups/${startup_id}`)).json().data;
    expect(other.traction).toBeNull();
    expect(other.can_see_private).toBe(false);
    const edit = await call(stranger, 'PUT', `${E}/updateStartup/${startup_id}`, { name: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    const okEdit = await call(founder, 'PUT', `${E}/updateStartup/${startup_id}`, { tagline: 'New line' });
    expect(okEdit.json().data.tagline).toBe('New line');
    const deck = await call(founder, 'PUT', `${E}/updateStartup/${startup_id}`, {
      deck_file_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(deck.statusCode).toBe(400);
    expect(deck.json().message).toContain(ECOSYSTEM_MESSAGES.deckNotYours);
    expect((await call(stranger, 'DELETE', `${E}/deleteStartup/${startup_id}`)).statusCode).toBe(403);
    expect((await call(founder, 'DELETE', `${E}/deleteStartup/${startup_id}`)).statusCode).toBe(204);
    expect((await call(founder, 'GET', `${E}/getStartups/${startup_id}`)).statusCode).toBe(404);
  });
});

describe('cohort applications', () => {
  it('runs submitted → shortlisted → accepted, rates on criteria and notifies the founder', async () => {
    const owner = await somebody(t);
    const reviewer = await somebody(t);
    const founder = await somebody(t);
    const rival = await somebody(t);
    const { centerId, cohortId } = await makeCenter(t, owner);
    expect(
      (await call(owner, 'POST', `${E}/addReviewer/${centerId}`, { user_id: reviewer.userId })).statusCode,
    ).toBe(200);
    const { startup_id } = await makeStartup(t, founder);
    const rivalStartup = await makeStartup(t, rival, { name: 'Rival' });

    // Before applying the center cannot read the private fields; after, it can.
    expect((await call(reviewer, 'GET', `${E}/getStartups/${startup_id}`)).json().data.traction).toBeNull();
    const applied = await call(founder, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id,
      pitch: 'We bring solar irrigation to 10,000 farms.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const applicationId = applied.json().data.application_id;
    expect(applied.json().data.status).toBe('submitted');
    expect((await call(reviewer, 'GET', `${E}/getStartups/${startup_id}`)).json().data.traction).toBe(
      STARTUP.traction,
    );

    const again = await call(founder, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id,
      pitch: 'Second try at the same cohort.',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ECOSYSTEM_MESSAGES.alreadyApplied);
    const notMine = await call(rival, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id,
      pitch: 'Applying with a startup I do not own.',
    });
    expect(notMine.statusCode).toBe(400);
    await call(rival, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id: rivalStartup.startup_id,
      pitch: 'The rival applies as well to the cohort.',
    });

    // Applicants never see each other or the reviewers' notes.
    expect((await call(rival, 'GET', `${E}/getApplications/${applicationId}`)).statusCode).toBe(404);
    expect((await call(founder, 'GET', `${E}/getCohortApplications/${cohortId}`)).statusCode).toBe(404);

    const badRating = await call(reviewer, 'POST', `${E}/reviewApplication/${applicationId}`, {
      ratings: { Team: 4, Traction: 5 },
    });
    expect(badRating.statusCode).toBe(400);
    const rated = await call(reviewer, 'POST', `${E}/reviewApplication/${applicationId}`, {
      ratings: { Team: 4, Market: 5 },
      notes: 'Strong team, check unit economics.',
    });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().data.averages).toEqual({ Team: 4, Market: 5 });
    const byFounder = await call(founder, 'POST', `${E}/reviewApplication/${applicationId}`, {
      ratings: { Team: 5, Market: 5 },
    });
    expect(byFounder.statusCode).toBe(403);

    const seen = (await call(founder, 'GET', `${E}/getApplications/${applicationId}`)).json().data;
    expect(seen.reviews).toBeUndefined();
    expect(JSON.stringify(seen)).not.toContain('unit economics');
    const list = await call(reviewer, 'GET', `${E}/getCohortApplications/${cohortId}`);
    expect(list.json().data).toHaveLength(2);

    const skip = await call(owner, 'POST', `${E}/decideApplication/${applicationId}`, { status: 'accepted' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json().message).toBe(ECOSYSTEM_MESSAGES.badTransition);
    const shortlisted = await call(reviewer, 'POST', `${E}/decideApplication/${applicationId}`, {
      status: 'shortlisted',
    });
    expect(shortlisted.json().data.next).toEqual(['accepted', 'declined']);
    const accepted = await call(owner, 'POST', `${E}/decideApplication/${applicationId}`, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    expect(
      (await call(owner, 'POST', `${E}/decideApplication/${applicationId}`, { status: 'declined' }))
        .statusCode,
    ).toBe(409);

    await t.app.events.drain();
    const inbox = await t.database.system
      .select({ title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.user_id, founder.userId), eq(notifications.category, 'ecosystem')));
    expect(inbox.map((n) => n.title)).toEqual(
      expect.arrayContaining([
        'Solar Loop was accepted into Cohort 7',
        'Solar Loop was shortlisted for Cohort 7',
      ]),
    );
    const workspace = (await call(founder, 'GET', `${E}/getWorkspace`)).json().data;
    expect(workspace.applications[0].status).toBe('accepted');
    expect(workspace.next_steps.some((s: { text: string }) => s.text.includes('was accepted'))).toBe(true);
  });

  it('takes no application after the cohort closes', async () => {
    const owner = await somebody(t);
    const founder = await somebody(t);
    const { cohortId } = await makeCenter(t, owner);
    await t.database.system
      .update(cohorts)
      .set({ opens_at: new Date(Date.now() - 10 * 86_400_000), closes_at: new Date(Date.now() - 1000) })
      .where(eq(cohorts.cohort_id, cohortId));
    const { startup_id } = await makeStartup(t, founder);
    const late = await call(founder, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id,
      pitch: 'Is there still room for us in this cohort?',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ECOSYSTEM_MESSAGES.cohortClosed);
    const stored = await t.database.system
      .select({ id: cohortApplications.application_id })
      .from(cohortApplications)
      .where(eq(cohortApplications.cohort_id, cohortId));
    expect(stored).toEqual([]);
  });

  it('lets the center’s organisation administrators manage it, not another tenant’s', async () => {
    const tenant = (await makeTenant(t.database)).tenant_id;
    const other = (await makeTenant(t.database)).tenant_id;
    const owner = { ...(await somebody(t, tenant)) };
    const created = await call(owner, 'POST', `${E}/createCenter`, {
      name: 'Tenant Hub',
      kind: 'startup-hub',
      country: 'GH',
      criteria: ['Impact'],
    });
    const centerId = created.json().data.center_id;
    const cohort = {
      name: 'Spring',
      opens_at: new Date().toISOString(),
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    };
    const admin = tenantAdmin((await makeUser(t.database)).user_id, tenant);
    const stranger = tenantAdmin((await makeUser(t.database)).user_id, other);
    expect((await call(admin, 'POST', `${E}/createCohort/${centerId}`, cohort)).statusCode).toBe(201);
    expect((await call(stranger, 'POST', `${E}/createCohort/${centerId}`, cohort)).statusCode).toBe(403);
    const backwards = await call(admin, 'POST', `${E}/createCohort/${centerId}`, {
      ...cohort,
      closes_at: '2020-01-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect((await call(null, 'GET', `${E}/getCenters/${centerId}`)).statusCode).toBe(401);
    const list = await call(stranger, 'GET', `${E}/getCenters`);
    expect(list.json().data.some((c: { center_id: number }) => c.center_id === centerId)).toBe(true);
  });
});

describe('projects', () => {
  it('invites a collaborator who accepts; only the owner edits', async () => {
    const owner = await somebody(t);
    const friend = await somebody(t);
    const created = await call(owner, 'POST', `${E}/createProject`, {
      title: 'Open water sensors',
      sector: 'climate',
      needs: ['Hardware engineer'],
      milestones: [{ title: 'Prototype', due: '2027-01-15' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const projectId = created.json().data.project_id;
    const list = await call(friend, 'GET', `${E}/getProjects`);
    expect(list.json().data.some((p: { project_id: number }) => p.project_id === projectId)).toBe(true);
    const byNeed = await call(friend, 'GET', `${E}/getProjects?need=hardware`);
    expect(byNeed.json().data.map((p: { project_id: number }) => p.project_id)).toContain(projectId);
    expect(
      (await call(friend, 'PUT', `${E}/updateProject/${projectId}`, { title: 'Taken' })).statusCode,
    ).toBe(403);
    expect(
      (await call(friend, 'POST', `${E}/inviteCollaborator/${projectId}`, { user_id: owner.userId }))
        .statusCode,
    ).toBe(403);
    const invited = await call(owner, 'POST', `${E}/inviteCollaborator/${projectId}`, {
      user_id: friend.userId,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(
      (await call(owner, 'POST', `${E}/inviteCollaborator/${projectId}`, { user_id: friend.userId }))
        .statusCode,
    ).toBe(409);
    expect((await call(friend, 'GET', `${E}/getWorkspace`)).json().data.invitations).toHaveLength(1);
    const joined = await call(friend, 'POST', `${E}/answerInvitation/${projectId}`, { accept: true });
    expect(joined.json().data.my_role).toBe('member');
    expect(joined.json().data.team_size).toBe(2);
    expect(
      (await call(friend, 'POST', `${E}/answerInvitation/${projectId}`, { accept: true })).statusCode,
    ).toBe(404);
    const bad = await call(owner, 'POST', `${E}/createProject`, { title: 'x', sector: 'nope' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('one project, one center, my applications', () => {
  it('reads a project by id, lets only its owner delete it, and answers 404 after', async () => {
    const owner = await somebody(t);
    const stranger = await somebody(t);
    const created = await call(owner, 'POST', `${E}/createProject`, {
      title: 'Rain gauges',
      sector: 'climate',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.project_id;
    const seen = await call(stranger, 'GET', `${E}/getProjects/${id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data.title).toBe('Rain gauges');
    expect((await call(null, 'GET', `${E}/getProjects/${id}`)).statusCode).toBe(401);
    expect((await call(owner, 'GET', `${E}/getProjects/abc`)).statusCode).toBe(400);
    expect((await call(null, 'DELETE', `${E}/deleteProject/${id}`)).statusCode).toBe(401);
    expect((await call(stranger, 'DELETE', `${E}/deleteProject/${id}`)).statusCode).toBe(403);
    expect((await call(owner, 'GET', `${E}/getProjects/${id}`)).statusCode).toBe(200);
    expect((await call(owner, 'DELETE', `${E}/deleteProject/${id}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `${E}/getProjects/${id}`)).statusCode).toBe(404);
  });

  it('lets only the center’s owner edit it, and refuses bad input without a change', async () => {
    const owner = await somebody(t);
    const stranger = await somebody(t);
    const { centerId } = await makeCenter(t, owner);
    expect(
      (await call(stranger, 'PUT', `${E}/updateCenter/${centerId}`, { name: 'Taken over' })).statusCode,
    ).toBe(403);
    expect((await call(null, 'PUT', `${E}/updateCenter/${centerId}`, { name: 'Nobody' })).statusCode).toBe(
      401,
    );
    const bad = await call(owner, 'PUT', `${E}/updateCenter/${centerId}`, { kind: 'spaceport' });
    expect(bad.statusCode).toBe(400);
    const edited = await call(owner, 'PUT', `${E}/updateCenter/${centerId}`, { name: 'Savannah Labs' });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = (await call(stranger, 'GET', `${E}/getCenters/${centerId}`)).json().data;
    expect(read.name).toBe('Savannah Labs');
    expect(read.kind).toBe('accelerator');
  });

  it('lists a founder’s own cohort applications, and nobody else’s', async () => {
    const owner = await somebody(t);
    const founder = await somebody(t);
    const other = await somebody(t);
    const { cohortId } = await makeCenter(t, owner);
    const { startup_id } = await makeStartup(t, founder);
    const applied = await call(founder, 'POST', `${E}/createApplication`, {
      cohort_id: cohortId,
      startup_id,
      pitch: 'Cold storage for fishing villages.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const mine = await call(founder, 'GET', `${E}/getMyApplications`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.map((a: { application_id: number }) => a.application_id)).toEqual([
      applied.json().data.application_id,
    ]);
    expect((await call(other, 'GET', `${E}/getMyApplications`)).json().data).toEqual([]);
    expect((await call(null, 'GET', `${E}/getMyApplications`)).statusCode).toBe(401);
  });
});

describe('map', () => {
  it('counts per country and filters by type and sector', async () => {
    const founder = await somebody(t);
    await makeStartup(t, founder, { country: 'RW', sector: 'health' });
    const all = (await call(founder, 'GET', `${E}/getMap`)).json().data as {
      country: string;
      startups: number;
    }[];
    expect(all.find((c) => c.country === 'RW')?.startups).toBeGreaterThanOrEqual(1);
    const health = (await call(founder, 'GET', `${E}/getMap?sector=health&type=startup`)).json().data;
    expect(health.every((c: { centers: number }) => c.centers === 0)).toBe(true);
    expect(health.some((c: { country: string }) => c.country === 'RW')).toBe(true);
    const centers = (await call(founder, 'GET', `${E}/getMap?type=center&sector=health`)).json().data;
    expect(centers.some((c: { country: string }) => c.country === 'RW')).toBe(false);
    expect((await call(founder, 'GET', `${E}/getMap?type=planet`)).statusCode).toBe(400);
    expect((await call(null, 'GET', `${E}/getMap`)).statusCode).toBe(401);
  });
});
