import { DOMAIN_EVENTS_API } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, userRoles } from './db/schema';
import { makeTenant, makeUser, platformAdmin, tenantAdmin } from './test/factories';
import { makeTenantA, snapshotOf, type TenantA } from './test/isolation-fixture';
import { resourceOf } from './test/isolation-resources';
import { makeApp, type TestApp } from './test/make-app';

/**
 * Issue 4, part 8: every registered route, tried by an admin of tenant B against tenant A's rows.
 * Nothing of A may be read (its marker never appears in an answer), changed (A's rows are identical
 * afterwards) or confirmed to exist (naming A's row answers exactly as naming a row that does not exist).
 */

/** Path parameters that name one of A's rows by id. */
const NAMES_A_ROW = /:(id|programId|unitId|tenantId|assessmentId|responseId|contentId|fileId)\b/;

/** An id no table will reach in a test run. */
const MISSING = 2_147_483_000;

/**
 * Routes that are not about tenant rows, with the reason. Everything else is walked; a new route is
 * walked from the day it is registered, and an unknown path parameter fails the test until it is
 * given a value below.
 */
const NOT_WALKED: Record<string, string> = {
  'POST /api/invitations/acceptInvitation/:hash': 'the link token is the capability to join, by design',
  'POST /api/auth/signin': 'signs in as the account named in the body, not as the caller',
  'POST /api/auth/signup': 'creates a new account',
  'POST /api/jobs/retryDeadJob/:id':
    'a platform job (no tenant rows), platform admins only; refusals tested in kernel/jobs/routes.test.ts',
  'POST /api/auth/generateOtp': 'mails a code to an account the body names',
  'POST /api/auth/verifyOtp': 'checks a code for an account the body names',
  'POST /api/auth/updatePassword': 'resets with a mailed code',
  'POST /api/auth/refreshToken': 'refreshes the caller’s own tokens',
  'POST /api/auth/signout': 'ends the caller’s own session',
  'POST /api/auth/signoutOthers': 'ends the caller’s own other sessions',
  'POST /api/auth/deleteAccount': 'erases the caller’s own account',
  'GET /auth/logout': 'ends the caller’s own session',
  'POST /auth/logout': 'ends the caller’s own session',
  'POST /auth/refresh': 'extends the caller’s own session',
  'GET /auth/callback': 'finishes the caller’s own sign-in',
  'GET /auth/redirect': 'starts the caller’s own sign-in',
  'GET /api/calendar/feed/:file': 'the secret feed address is the capability to read that feed, by design',
};

/**
 * Answers naming A's rows that are public by design: the organisation directory, the invitation link,
 * and a certificate's address (anyone holding it may check the certificate, signed out or not).
 */
const PUBLIC_BY_DESIGN = new Set([
  'GET /api/certificates/verify/:userId/:publicKey',
  'GET /api/certificates/credential/:userId/:publicKey',
  'GET /api/user/tenants/getTenant/:id',
  'GET /api/invitations/getInvitation/:hash',
  'POST /api/user/tenants/createTenantIfNotExists',
  // Open job postings are a public board (issue 20): signed out, anyone reads them.
  'GET /api/jobs/postings/getAll',
  'GET /api/jobs/postings/getById/:id',
  'GET /api/jobs/postings/getMatched',
  // The ecosystem's directories belong to people, not tenants, and are open to everyone signed in
  // (issue 19); the private fields of a startup are checked in modules/ecosystem/ecosystem.test.ts.
  'GET /api/ecosystem/getStartups',
  'GET /api/ecosystem/getStartups/:id',
  'GET /api/ecosystem/getProjects',
  'GET /api/ecosystem/getProjects/:id',
  'GET /api/ecosystem/getCenters',
  'GET /api/ecosystem/getCenters/:id',
  'GET /api/funding/getInvestors',
  'GET /api/funding/getInvestors/:id',
  'GET /api/funding/getCalls',
  'GET /api/funding/getCalls/:id',
  // Volunteering opportunities are published for volunteers of every organisation (issue 22); the
  // roster, sign-ups and hours stay the organiser's and the volunteer's (modules/services tests).
  'GET /api/services/volunteering/getOpportunities',
  'GET /api/services/volunteering/getOpportunity/:id',
  // CSR projects too are published for everyone signed in; the interests stay the publisher's.
  'GET /api/services/csr/getProjects',
  // Government schemes are platform-wide content for everyone signed in, no tenant's (issue 22).
  'GET /api/services/schemes/getSchemes',
  'GET /api/services/schemes/getScheme/:id',
]);

/**
 * Base paths whose rows anyone may already see (the public ones above): a write on one of them by
 * somebody else may answer 403 "not yours" rather than 404, since it confirms nothing new. It must
 * still be refused and change nothing.
 */
const SEEN_BY_ALL = [
  '/api/jobs/postings/',
  '/api/ecosystem/updateStartup/',
  '/api/ecosystem/deleteStartup/',
  '/api/ecosystem/updateProject/',
  '/api/ecosystem/deleteProject/',
  '/api/ecosystem/inviteCollaborator/',
  '/api/ecosystem/updateCenter/',
  '/api/ecosystem/addReviewer/',
  '/api/ecosystem/createCohort/',
  '/api/funding/updateInvestor/',
  '/api/funding/updateCall/',
  '/api/funding/deleteCall/',
];

let t: TestApp;
let a: TenantA;
let bAdminId: number;
let bTenantId: number;
/** One of the outbox events A's writes recorded (events are named by uuid). */
let aEventId: string;

beforeAll(async () => {
  t = await makeApp();
  const owner = await makeUser(t.database);
  a = await makeTenantA(t, owner.user_id);
  const b = await makeTenant(t.database);
  const bAdmin = await makeUser(t.database);
  await t.database.system
    .insert(userRoles)
    .values({ user_id: bAdmin.user_id, role_id: 2, tenant_id: b.tenant_id });
  bAdminId = bAdmin.user_id;
  bTenantId = b.tenant_id;
  const [event] = await t.database.system
    .select({ id: domainEvents.id })
    .from(domainEvents)
    .where(eq(domainEvents.tenant_id, a.tenantId))
    .limit(1);
  aEventId = event?.id ?? crypto.randomUUID();
  // Let the API meter write A's counted calls now, so its flush cannot pass for a change made by B.
  await new Promise((resolve) => setTimeout(resolve, 1200));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** Path parameters: A's rows, or `missing` for the does-not-exist twin of the same call. */
function fillPath(url: string, missing: boolean): string {
  const resource = resourceOf(a, url);
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = (() => {
      switch (name) {
        case 'id':
          if (url.startsWith(DOMAIN_EVENTS_API)) return missing ? crypto.randomUUID() : aEventId;
          if (!resource) throw new Error(`No resource for :id in ${url}`);
          return missing ? MISSING : resource.id();
        case 'user_id':
        case 'userId':
          // A delete path names the caller (DESIGN section 4); elsewhere the user is A's member.
          return url.includes('/delete') ? bAdminId : missing ? MISSING : a.memberId;
        case 'tenantId':
          return missing ? MISSING : a.tenantId;
        case 'hash':
          return missing ? 'x'.repeat(43) : a.invitationToken;
        case 'username':
          return missing ? 'no_such_user_here' : a.memberUsername;
        case 'type':
          return url.startsWith('/api/attendance/') ? 'live_session' : 'institute';
        case 'assessmentId':
          return missing ? MISSING : a.assessmentId;
        case 'responseId':
          return missing ? MISSING : a.responseId;
        case 'scheduleId':
          return 7;
        case 'contentId':
          return missing ? MISSING : a.liveUnitId;
        case 'batchId':
          return 1;
        case 'programId':
          return missing ? MISSING : a.programId;
        case 'unitId':
          return missing ? MISSING : a.unitId;
        case 'fileId':
          return missing ? '00000000-0000-4000-8000-000000000000' : a.fileId;
        case 'publicKey':
          return missing ? 'z1111' : a.certificatePublicKey;
        case 'section':
          return 'entrepreneurial';
        case 'slug':
          return missing ? 'no-such-competition' : a.competitionSlug;
        case 'role_type':
          return 'student';
        case 'journey':
          return 'technology';
        case 'eventId':
          return missing ? MISSING : a.eventId;
        case 'registrationId':
          return missing ? MISSING : a.eventRegistrationId;
        case 'version':
          // A privacy-policy version: the platform's, no tenant's row (issue 22).
          return 1;
        case 'uid':
          return `live-session-${missing ? MISSING : a.liveUnitId}`;
        case 'name':
          // A file of a video's HLS ladder (resources): the master playlist.
          return 'index.m3u8';
        default:
          throw new Error(`The isolation walker has no value for :${name} in ${url}; add one.`);
      }
    })();
    return encodeURIComponent(String(value));
  });
}

function bodyFor(method: string, url: string): InjectOptions['payload'] {
  if (method === 'GET' || method === 'DELETE') return undefined;
  const resource = resourceOf(a, url);
  const last =
    url
      .split('/')
      .filter((part) => !part.startsWith(':'))
      .pop() ?? '';
  if (!resource) return {};
  if (last === 'deleteMany' && resource.bulkKey)
    return { [resource.bulkKey]: [resource.id()], deleted_by: bAdminId };
  if (last === 'updateMany' && resource.idKey)
    return [{ [resource.idKey]: resource.id(), ...resource.update }];
  if (last === 'createMany' && resource.create) return [resource.create()];
  if (/^(create|assign)/.test(last) && resource.create) {
    return last === 'assignSeat' ? { email: `${a.marker}@example.test`, role_id: 13 } : resource.create();
  }
  if (last === 'checkIn' && resource.create) return resource.create();
  // A group's members: B names A's member, so a refusal cannot come from the body alone.
  if (last === 'addMembers') return { member_ids: [a.memberId] };
  if (last === 'removeMember' || last === 'transferOwnership') return { user_id: a.memberId };
  if (/^(update|revoke|save|submit|mark)/.test(last) || url.includes('/update')) return resource.update ?? {};
  return resource.action ?? {};
}

describe('tenant isolation: every route as an admin of another tenant', () => {
  it('reads, changes and confirms nothing of tenant A', async () => {
    const before = await snapshotOf(t, a);
    const routes = t.app.routePolicies.filter(
      (route) => !['HEAD', 'OPTIONS'].includes(route.method) && !NOT_WALKED[`${route.method} ${route.url}`],
    );
    expect(routes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      const call = (missing: boolean) => {
        t.actAs(tenantAdmin(bAdminId, bTenantId));
        return t.app.inject({
          method: route.method as InjectOptions['method'],
          url: fillPath(route.url, missing),
          payload: bodyFor(route.method, route.url),
        });
      };
      const answer = await call(false);
      if (PUBLIC_BY_DESIGN.has(key)) continue;
      if (answer.body.includes(a.marker))
        problems.push(`${key} answered with A's data: ${answer.body.slice(0, 200)}`);
      if (!route.url.includes(':')) continue;
      const twin = await call(true);
      // The id named in a message is the caller's own input; everything else must be the same.
      const aId = String(resourceOf(a, route.url)?.id() ?? '');
      const shape = (response: typeof answer) =>
        `${response.statusCode} ${String(response.json().message ?? '')
          .replace(String(MISSING), '{id}')
          .replace(new RegExp(`\\b${aId}\\b`), '{id}')}`;
      if (answer.statusCode < 400 && NAMES_A_ROW.test(route.url)) {
        problems.push(`${key} accepted A's row: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      } else if (
        NAMES_A_ROW.test(route.url) &&
        shape(answer) !== shape(twin) &&
        !(answer.statusCode === 403 && SEEN_BY_ALL.some((base) => route.url.startsWith(base)))
      ) {
        problems.push(`${key} told A's row from a missing one: ${shape(answer)} vs ${shape(twin)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await snapshotOf(t, a)).toEqual(before);
  }, 120_000);

  it("refuses a row of B's own that points at A's: a parent menu of A, settings for A's member", async () => {
    t.actAs(tenantAdmin(bAdminId, bTenantId));
    const menu = await t.app.inject({
      method: 'POST',
      url: '/operations/system/customMenus/createMenu',
      payload: { menu_name: 'Under A', menu_parent_id: a.menuId },
    });
    expect(menu.statusCode).toBe(400);
    expect(menu.json().details[0].path).toBe('menu_parent_id');
    const setting = await t.app.inject({
      method: 'POST',
      url: '/operations/user/userSettings/createUserSetting',
      payload: { user_id: a.memberId, theme: 'dark' },
    });
    expect(setting.statusCode).toBe(400);
    expect(setting.json().details[0].path).toBe('user_id');
  });

  it('keeps custom roles of one parent user invisible to another member of the same tenant', async () => {
    const other = await makeUser(t.database);
    await t.database.system
      .insert(userRoles)
      .values({ user_id: other.user_id, role_id: 13, tenant_id: a.tenantId });
    t.actAs({
      userId: other.user_id,
      tenantId: a.tenantId,
      isPlatformAdmin: false,
      roles: [{ roleId: 13, roleName: 'individual', roleView: 'user', tenantId: a.tenantId }],
    });
    for (const url of [
      '/operations/user/customRole/get?page=1&limit=-1',
      `/operations/user/customRole/get/${a.customRoleId}`,
      '/operations/user/customRolePrivilege/get?page=1&limit=-1',
      '/operations/user/groupUsers/getGroupUser?page=1&limit=-1',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain(a.marker);
      expect(response.body, url).not.toContain(`"role_id":${a.customRoleId},`);
    }
  });

  it('fails a bulk call that mixes a row of the caller with a row of tenant A, changing neither', async () => {
    t.actAs(tenantAdmin(bAdminId, bTenantId));
    const own = await t.app.inject({
      method: 'POST',
      url: '/operations/user/customRole/create',
      payload: { role_name: 'b_own_role', display_name: 'B own' },
    });
    expect(own.statusCode).toBe(201);
    const ownId: number = own.json().data.role_id;
    const before = await snapshotOf(t, a);
    const mixed = await t.app.inject({
      method: 'PUT',
      url: '/operations/user/customRole/deleteMany',
      payload: { role_ids: [ownId, a.customRoleId], deleted_by: bAdminId },
    });
    expect(mixed.statusCode).toBe(404);
    const update = await t.app.inject({
      method: 'POST',
      url: '/operations/user/customRole/updateMany',
      payload: [
        { role_id: ownId, display_name: 'B renamed' },
        { role_id: a.customRoleId, display_name: 'B renamed' },
      ],
    });
    expect(update.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: `/operations/user/customRole/get/${ownId}` });
    expect(still.json().data).toMatchObject({ role_id: ownId, display_name: 'B own' });
    expect(await snapshotOf(t, a)).toEqual(before);
    t.actAs(platformAdmin(bAdminId));
  });
});
