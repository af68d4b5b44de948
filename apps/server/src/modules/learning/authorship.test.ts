import { AUTHORSHIP_MESSAGES } from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programs } from '../../db/schema';
import { DEMO_PROGRAM_NAME, seedDemoProgram } from '../../db/seed/demo-program';
import type { Actor } from '../../http/policy';
import { holdRole } from '../../test/access-fixtures';
import { makeTenant, makeUser, member, platformAdmin, teacher, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

const API = '/api/program';
const ASSESSMENT = '/api/assessment';
const TEACHER_ROLE_ID = 14;
const TENANT_ADMIN_ROLE_ID = 2;
let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

type Json = Record<string, unknown> | unknown[];
async function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Json,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload ? { payload: payload as object } : {}) });
}

/** A teacher of `tenantId` (null: the main platform) who holds the role for real, so they can be found. */
async function makeTeacher(tenantId: number | null, username?: string) {
  const user = await makeUser(t.database, username ? { username } : {});
  await holdRole(t.database, user.user_id, TEACHER_ROLE_ID, tenantId);
  return { user, actor: teacher(user.user_id, tenantId) };
}

/** A program with one course, module and unit, built through the API by `actor`. */
async function buildProgram(actor: Actor) {
  const program = await call(actor, 'POST', `${API}/programs/createProgram`, {
    program_name: 'Owned program',
  });
  expect(program.statusCode, program.body).toBe(201);
  const programId: number = program.json().data.program_id;
  const course = await call(actor, 'POST', `${API}/courses/createCourse`, {
    program_id: programId,
    course_name: 'C',
  });
  const courseId: number = course.json().data.course_id;
  const module = await call(actor, 'POST', `${API}/modules/createModule`, {
    course_id: courseId,
    module_name: 'M',
  });
  const moduleId: number = module.json().data.module_id;
  const unit = await call(actor, 'POST', `${API}/units/createUnit`, { module_id: moduleId, unit_name: 'U' });
  const unitId: number = unit.json().data.unit_id;
  return { programId, courseId, moduleId, unitId };
}

/** Every kind of change to a program and what lies in it; each answers `status`. */
async function expectChanges(
  actor: Actor | null,
  ids: Awaited<ReturnType<typeof buildProgram>>,
  status: number,
  message?: string,
) {
  const userId = actor?.userId ?? 1;
  const answers = [
    await call(actor, 'PUT', `${API}/programs/update/${ids.programId}`, { description: 'changed' }),
    await call(actor, 'PUT', `${API}/programs/update/${ids.programId}`, { status: 'published' }),
    await call(actor, 'PUT', `${API}/courses/update/${ids.courseId}`, { course_name: 'C2' }),
    await call(actor, 'PUT', `${API}/modules/update/${ids.moduleId}`, { module_name: 'M2' }),
    await call(actor, 'PUT', `${API}/units/update/${ids.unitId}`, { unit_name: 'U2' }),
    await call(actor, 'POST', `${API}/units/updateMany`, [{ unit_id: ids.unitId, position: 3 }]),
    await call(actor, 'POST', `${API}/courses/createCourse`, {
      program_id: ids.programId,
      course_name: 'New',
    }),
    await call(actor, 'POST', `${API}/units/createUnit`, { module_id: ids.moduleId, unit_name: 'New' }),
    await call(actor, 'PUT', `${API}/units/deleteMany`, { unit_ids: [ids.unitId] }),
    await call(actor, 'DELETE', `${API}/programs/delete/${ids.programId}/${userId}`),
  ];
  // Creating under a parent answers 201, and 400 naming the parent field when the parent is not in scope.
  const creates = new Set([answers[6], answers[7]]);
  const created = status === 200 ? 201 : status === 404 ? 400 : status;
  for (const answer of answers) {
    expect(answer.statusCode, answer.body).toBe(creates.has(answer) ? created : status);
    if (message) expect(answer.json().message).toBe(message);
  }
}

describe('who may author a program (issue 23, point 9)', () => {
  it('refuses another teacher every change with a clear 403, another tenant 404, and the signed out 401', async () => {
    const tenant = await makeTenant(t.database);
    const other = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const stranger = await makeTeacher(tenant.tenant_id);
    const ids = await buildProgram(owner.actor);

    await expectChanges(stranger.actor, ids, 403, AUTHORSHIP_MESSAGES.notAuthor('program'));
    const otherAdmin = await makeUser(t.database);
    await expectChanges(tenantAdmin(otherAdmin.user_id, other.tenant_id), ids, 404);
    const student = await makeUser(t.database);
    await expectChanges(member(student.user_id, tenant.tenant_id), ids, 403);
    await expectChanges(null, ids, 401);

    const [row] = await t.database.system
      .select()
      .from(programs)
      .where(eq(programs.program_id, ids.programId));
    expect(row).toMatchObject({ description: '', status: 'draft', is_deleted: false });
  });

  it("lets the scope's administrators change any program of the scope", async () => {
    const tenant = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const admin = await makeUser(t.database);
    await expectChanges(tenantAdmin(admin.user_id, tenant.tenant_id), await buildProgram(owner.actor), 200);
    const root = await makeUser(t.database, { is_platform_admin: true });
    await expectChanges(platformAdmin(root.user_id, tenant.tenant_id), await buildProgram(owner.actor), 200);
  });

  it('lets the owner add a co-author found by username, who then edits; removing them takes it back', async () => {
    const tenant = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const coAuthor = await makeTeacher(tenant.tenant_id, `coauthor_${Date.now()}`);
    const student = await makeUser(t.database, { username: `coauthor_student_${Date.now()}` });
    await holdRole(t.database, student.user_id, 15, tenant.tenant_id);
    const elsewhere = await makeTeacher(
      (await makeTenant(t.database)).tenant_id,
      `coauthor_away_${Date.now()}`,
    );
    const ids = await buildProgram(owner.actor);

    // Only teachers and admins of the program's tenant are offered, never the owner.
    const found = await call(
      owner.actor,
      'GET',
      `${API}/authors/searchPeople/${ids.programId}?search=coauthor_`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((p: { user_id: number }) => p.user_id)).toEqual([coAuthor.user.user_id]);
    const refused = await call(owner.actor, 'POST', `${API}/authors/addAuthor/${ids.programId}`, {
      user_id: student.user_id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0].path).toBe('user_id');
    expect(
      (
        await call(owner.actor, 'POST', `${API}/authors/addAuthor/${ids.programId}`, {
          user_id: elsewhere.user.user_id,
        })
      ).statusCode,
    ).toBe(400);

    const added = await call(owner.actor, 'POST', `${API}/authors/addAuthor/${ids.programId}`, {
      user_id: coAuthor.user.user_id,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({
      owner: { user_id: owner.user.user_id },
      co_authors: [{ user_id: coAuthor.user.user_id, username: coAuthor.user.username }],
      can_manage: true,
    });
    const again = await call(owner.actor, 'POST', `${API}/authors/addAuthor/${ids.programId}`, {
      user_id: coAuthor.user.user_id,
    });
    expect(again.statusCode).toBe(409);

    // The co-author edits the program and what is in it, and sees who else authors it.
    for (const [url, body] of [
      [`${API}/programs/update/${ids.programId}`, { description: 'by the co-author' }],
      [`${API}/units/update/${ids.unitId}`, { unit_name: 'Renamed' }],
    ] as const) {
      expect((await call(coAuthor.actor, 'PUT', url, body)).statusCode).toBe(200);
    }
    const course = await call(coAuthor.actor, 'POST', `${API}/courses/createCourse`, {
      program_id: ids.programId,
      course_name: 'Added by the co-author',
    });
    expect(course.statusCode).toBe(201);
    const seen = await call(coAuthor.actor, 'GET', `${API}/authors/getAuthors/${ids.programId}`);
    expect(seen.json().data.can_manage).toBe(false);
    // ...but does not choose the authors.
    const notOwner = await call(coAuthor.actor, 'POST', `${API}/authors/addAuthor/${ids.programId}`, {
      user_id: elsewhere.user.user_id,
    });
    expect(notOwner.statusCode).toBe(403);
    expect(notOwner.json().message).toBe(AUTHORSHIP_MESSAGES.notOwner('program'));

    const removed = await call(
      owner.actor,
      'DELETE',
      `${API}/authors/removeAuthor/${ids.programId}/${coAuthor.user.user_id}`,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.co_authors).toEqual([]);
    expect(
      (await call(coAuthor.actor, 'PUT', `${API}/programs/update/${ids.programId}`, { description: 'x' }))
        .statusCode,
    ).toBe(403);
  });

  it('keeps co-author calls to the owner and admins of the scope, and hides other tenants', async () => {
    const tenant = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const stranger = await makeTeacher(tenant.tenant_id);
    const ids = await buildProgram(owner.actor);
    const paths = [
      ['GET', `${API}/authors/getAuthors/${ids.programId}`],
      ['GET', `${API}/authors/searchPeople/${ids.programId}?search=a`],
      ['POST', `${API}/authors/addAuthor/${ids.programId}`, { user_id: stranger.user.user_id }],
      ['DELETE', `${API}/authors/removeAuthor/${ids.programId}/${owner.user.user_id}`],
    ] as const;
    for (const [method, url, body] of paths) {
      expect((await call(stranger.actor, method, url, body)).statusCode, url).toBe(403);
      expect((await call(null, method, url, body)).statusCode, url).toBe(401);
      const otherAdmin = tenantAdmin(owner.user.user_id, (await makeTenant(t.database)).tenant_id);
      expect((await call(otherAdmin, method, url, body)).statusCode, url).toBe(404);
    }
    const admin = await makeUser(t.database);
    await holdRole(t.database, admin.user_id, TENANT_ADMIN_ROLE_ID, tenant.tenant_id);
    const byAdmin = await call(
      tenantAdmin(admin.user_id, tenant.tenant_id),
      'POST',
      `${API}/authors/addAuthor/${ids.programId}`,
      {
        user_id: stranger.user.user_id,
      },
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
  });

  it('lists on Manage programs only what the caller may edit, saying why', async () => {
    const tenant = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const coAuthor = await makeTeacher(tenant.tenant_id);
    const stranger = await makeTeacher(tenant.tenant_id);
    const mine = await buildProgram(owner.actor);
    const shared = await buildProgram(owner.actor);
    await call(owner.actor, 'POST', `${API}/authors/addAuthor/${shared.programId}`, {
      user_id: coAuthor.user.user_id,
    });
    const list = async (actor: Actor) => {
      const answer = await call(actor, 'GET', `${API}/authors/getEditablePrograms?limit=50`);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().data as { program_id: number; access: string }[]).map((p) => [
        p.program_id,
        p.access,
      ]);
    };
    expect(await list(owner.actor)).toEqual([
      [shared.programId, 'owner'],
      [mine.programId, 'owner'],
    ]);
    expect(await list(coAuthor.actor)).toEqual([[shared.programId, 'co_author']]);
    expect(await list(stranger.actor)).toEqual([]);
    const admin = await makeUser(t.database);
    expect(await list(tenantAdmin(admin.user_id, tenant.tenant_id))).toEqual([
      [shared.programId, 'admin'],
      [mine.programId, 'admin'],
    ]);
    const student = await makeUser(t.database);
    expect(
      (await call(member(student.user_id, tenant.tenant_id), 'GET', `${API}/authors/getEditablePrograms`))
        .statusCode,
    ).toBe(403);
  });

  it('gives the seeded "Getting started with Nexus" to the platform admin: a teacher cannot edit it, but builds their own', async () => {
    const root = await makeUser(t.database, { is_platform_admin: true });
    // Only one demo program: an earlier seed of this database may have made it already.
    await t.database.system.transaction((tx) => seedDemoProgram(tx));
    const [demo] = await t.database.system
      .select()
      .from(programs)
      .where(eq(programs.program_name, DEMO_PROGRAM_NAME));
    expect(demo?.created_by).not.toBeNull();
    const { actor } = await makeTeacher(null);
    const refused = await call(actor, 'PUT', `${API}/programs/update/${demo!.program_id}`, {
      description: 'mine now',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(AUTHORSHIP_MESSAGES.notAuthor('program'));
    const own = await buildProgram(actor);
    expect(
      (await call(actor, 'PUT', `${API}/programs/update/${own.programId}`, { status: 'published' }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call(platformAdmin(root.user_id), 'PUT', `${API}/programs/update/${demo!.program_id}`, {
          description: 'Tour',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('who may author an assessment', () => {
  it('applies the same rule to assessments and their questions', async () => {
    const tenant = await makeTenant(t.database);
    const owner = await makeTeacher(tenant.tenant_id);
    const coAuthor = await makeTeacher(tenant.tenant_id);
    const stranger = await makeTeacher(tenant.tenant_id);
    const created = await call(owner.actor, 'POST', `${ASSESSMENT}/assessments/createAssessment`, {
      title: 'Owned quiz',
      kind: 'quiz',
      pass_mark: 50,
    });
    expect(created.statusCode, created.body).toBe(201);
    const assessmentId: number = created.json().data.assessment_id;
    const question = await call(owner.actor, 'POST', `${ASSESSMENT}/questions/createQuestion`, {
      assessment_id: assessmentId,
      question_type: 'short_text',
      prompt: 'Why?',
    });
    expect(question.statusCode, question.body).toBe(201);
    const questionId: number = question.json().data.question_id;
    const changes = (actor: Actor) => [
      call(actor, 'PUT', `${ASSESSMENT}/assessments/update/${assessmentId}`, { title: 'Changed' }),
      call(actor, 'PUT', `${ASSESSMENT}/questions/update/${questionId}`, { prompt: 'Changed?' }),
      call(actor, 'POST', `${ASSESSMENT}/questions/createQuestion`, {
        assessment_id: assessmentId,
        question_type: 'short_text',
        prompt: 'More?',
      }),
    ];
    for (const answer of await Promise.all(changes(stranger.actor).map((p) => p))) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(AUTHORSHIP_MESSAGES.notAuthor('assessment'));
    }
    const added = await call(owner.actor, 'POST', `${ASSESSMENT}/authors/addAuthor/${assessmentId}`, {
      user_id: coAuthor.user.user_id,
    });
    expect(added.statusCode, added.body).toBe(201);
    for (const pending of changes(coAuthor.actor)) expect((await pending).statusCode).toBeLessThan(300);
    const admin = await makeUser(t.database);
    for (const pending of changes(tenantAdmin(admin.user_id, tenant.tenant_id))) {
      expect((await pending).statusCode).toBeLessThan(300);
    }
    const otherAdmin = await makeUser(t.database);
    const away = await call(
      tenantAdmin(otherAdmin.user_id, (await makeTenant(t.database)).tenant_id),
      'PUT',
      `${ASSESSMENT}/assessments/update/${assessmentId}`,
      { title: 'Away' },
    );
    expect(away.statusCode).toBe(404);
    expect(
      (await call(null, 'PUT', `${ASSESSMENT}/assessments/update/${assessmentId}`, { title: 'x' }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await call(
          stranger.actor,
          'DELETE',
          `${ASSESSMENT}/assessments/delete/${assessmentId}/${stranger.user.user_id}`,
        )
      ).statusCode,
    ).toBe(403);
  });
});
