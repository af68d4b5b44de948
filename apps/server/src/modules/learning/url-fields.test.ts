import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTenant, makeUser, platformAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object });

describe('script URLs are refused where they are stored (issue 14 part 10)', () => {
  it('answers 400 naming the field for a program image_url, a unit content.url and a menu path', async () => {
    const admin = await makeUser(t.database);
    const tenant = await makeTenant(t.database);
    t.actAs(platformAdmin(admin.user_id, tenant.tenant_id));
    const program = await post('/api/program/programs/createProgram', {
      program_name: 'P',
      image_url: 'javascript:alert(1)',
    });
    expect(program.statusCode).toBe(400);
    expect(program.json().details[0]).toMatchObject({ in: 'body', path: 'image_url' });

    const good = await post('/api/program/programs/createProgram', { program_name: 'P' });
    const programId = good.json().data.program_id;
    const course = await post('/api/program/courses/createCourse', {
      program_id: programId,
      course_name: 'C',
    });
    const module = await post('/api/program/modules/createModule', {
      course_id: course.json().data.course_id,
      module_name: 'M',
    });
    const unit = await post('/api/program/units/createUnit', {
      module_id: module.json().data.module_id,
      unit_name: 'U',
      content: { url: 'data:text/html,<script>alert(1)</script>' },
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().details[0]).toMatchObject({ in: 'body', path: 'content.url' });

    const menu = await post('/operations/system/customMenus/createMenu', {
      menu_name: 'Evil',
      path: 'javascript:alert(1)',
    });
    expect(menu.statusCode).toBe(400);
    expect(menu.json().details[0]).toMatchObject({ in: 'body', path: 'path' });
  });
});
