import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrations } from '../../db/schema';
import { makeApp, type TestApp } from '../../test/make-app';
import { REGISTRATION_BASE } from './routes';
import { makeNewcomer, VALID_FORMS } from './test-payloads';

let t: TestApp;

beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

const get = (roleType: string) =>
  t.app.inject({ method: 'GET', url: `${REGISTRATION_BASE}/getRegistration/${roleType}` });
const save = (roleType: string, payload: object) =>
  t.app.inject({ method: 'PUT', url: `${REGISTRATION_BASE}/saveDraft/${roleType}`, payload });

async function rowsOf(userId: number) {
  return t.database.db.select().from(registrations).where(eq(registrations.user_id, userId));
}

describe('registration drafts', () => {
  it('answers no form (200, data null: not a failing request, issue 23) before anything is saved, then the saved draft', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const before = await get('investor');
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ data: null });

    const saved = await save('investor', { investor_type: 'angel', ticket_min: 1000 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      user_id: actor.userId,
      role_type: 'investor',
      status: 'draft',
      data: { investor_type: 'angel', ticket_min: 1000 },
      submitted_at: null,
    });

    const after = await get('investor');
    expect(after.statusCode).toBe(200);
    expect(after.json().data.data).toEqual({ investor_type: 'angel', ticket_min: 1000 });
  });

  it('replaces the draft on a second save and keeps one row', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    await save('volunteer', { skills: ['Design'] });
    const second = await save('volunteer', { skills: ['Design', 'Writing'], hours_per_week: 3 });
    expect(second.json().data.data).toEqual({ skills: ['Design', 'Writing'], hours_per_week: 3 });
    expect(await rowsOf(actor.userId)).toHaveLength(1);
  });

  it('rejects a bad draft field with a 400 naming it and writes nothing', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const response = await save('investor', { ticket_min: -5, website: 'not a url' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('BAD_REQUEST');
    expect(body.details.map((d: { path: string }) => d.path).sort()).toEqual(['ticket_min', 'website']);
    expect(body.message).toContain('ticket_min: Minimum ticket must be at least 0.');
    expect(await rowsOf(actor.userId)).toHaveLength(0);
  });

  it('names an unknown field instead of storing it', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const response = await save('individual', { occupation: 'Nurse', password_hash: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { in: 'body', path: 'password_hash', message: "Unknown field 'password_hash'." },
    ]);
    expect(await rowsOf(actor.userId)).toHaveLength(0);
  });

  it('refuses a body that is not an object', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const response = await t.app.inject({
      method: 'PUT',
      url: `${REGISTRATION_BASE}/saveDraft/investor`,
      payload: [1, 2],
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for an unknown role type, an admin role and the temp role', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    for (const roleType of ['astronaut', 'admin', 'tenant-admin', 'institute-admin', 'temp', 'Bad%20Name']) {
      const read = await get(roleType);
      expect(read.statusCode, roleType).toBe(404);
      expect(read.json().message).toBe('There is no registration form for this role.');
      expect((await save(roleType, {})).statusCode, roleType).toBe(404);
    }
    expect(await rowsOf(actor.userId)).toHaveLength(0);
  });

  it('uses the generic form for another user role by its name', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const saved = await save('mentor', { affiliation: 'Riverside Institute' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.role_type).toBe('mentor');
    const wrongForm = await save('mentor', { investor_type: 'vc' });
    expect(wrongForm.statusCode).toBe(400);
  });

  it('answers 401 when signed out and writes nothing', async () => {
    t.actAs(null);
    expect((await get('investor')).statusCode).toBe(401);
    expect((await save('investor', { investor_type: 'vc' })).statusCode).toBe(401);
    const submit = await t.app.inject({
      method: 'POST',
      url: `${REGISTRATION_BASE}/submit/investor`,
      payload: VALID_FORMS.investor,
    });
    expect(submit.statusCode).toBe(401);
  });

  it("never shows one user's registration to another", async () => {
    const owner = await makeNewcomer(t.database);
    const other = await makeNewcomer(t.database);
    t.actAs(owner.actor);
    await save('diaspora', { profession: 'Engineer' });
    t.actAs(other.actor);
    expect((await get('diaspora')).json()).toEqual({ data: null });
    // Saving their own draft never touches the owner's row.
    await save('diaspora', { profession: 'Teacher' });
    t.actAs(owner.actor);
    expect((await get('diaspora')).json().data.data).toEqual({ profession: 'Engineer' });
  });

  it('keeps a submitted form from going back to draft (409)', async () => {
    const { actor } = await makeNewcomer(t.database);
    t.actAs(actor);
    const submit = await t.app.inject({
      method: 'POST',
      url: `${REGISTRATION_BASE}/submit/individual`,
      payload: VALID_FORMS.individual,
    });
    expect(submit.statusCode).toBe(200);
    const response = await save('individual', { occupation: 'Changed' });
    expect(response.statusCode).toBe(409);
    const [row] = await rowsOf(actor.userId);
    expect(row).toMatchObject({ status: 'submitted', data: { occupation: 'Student' } });
  });
});
