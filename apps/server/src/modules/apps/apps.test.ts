import { APP_PINS_API, APPS_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22 point 3: the pins of /my-apps are the caller's own, saved whole and in order. */

let t: TestApp;
let mia: Actor;
let leo: Actor;

beforeAll(async () => {
  t = await makeApp();
  const tenant = await makeTenant(t.database);
  mia = member((await makeUser(t.database)).user_id, null);
  leo = tenantAdmin((await makeUser(t.database)).user_id, tenant.tenant_id);
});
afterAll(async () => {
  await t?.close();
});

const get = (actor: Actor | null) => {
  t.actAs(actor);
  return t.app.inject({ method: 'GET', url: `${APP_PINS_API}/getPins` });
};
const save = (actor: Actor | null, payload: unknown) => {
  t.actAs(actor);
  return t.app.inject({ method: 'PUT', url: `${APP_PINS_API}/savePins`, payload: payload as object });
};

describe('pins', () => {
  it('answers an empty list with only the defaults', async () => {
    const response = await get(mia);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [] });
  });

  it('saves the pins in the order given and reorders on the next save', async () => {
    expect((await save(mia, { paths: ['/calendar', '/messages', '/lxp'] })).statusCode).toBe(200);
    const moved = await save(mia, { paths: ['/lxp', '/calendar'] });
    expect(moved.json().data).toEqual([
      { path: '/lxp', position: 0 },
      { path: '/calendar', position: 1 },
    ]);
    expect((await get(mia)).json().data.map((pin: { path: string }) => pin.path)).toEqual([
      '/lxp',
      '/calendar',
    ]);
  });

  it('keeps each person’s pins to themselves', async () => {
    await save(leo, { paths: ['/admin-center'] });
    expect((await get(leo)).json().data).toEqual([{ path: '/admin-center', position: 0 }]);
    expect((await get(mia)).json().data.map((pin: { path: string }) => pin.path)).not.toContain(
      '/admin-center',
    );
  });

  it('refuses duplicates, bad paths and unknown fields with a 400, changing nothing', async () => {
    const before = (await get(mia)).json();
    const duplicate = await save(mia, { paths: ['/lxp', '/lxp'] });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toContain(APPS_MESSAGES.duplicatePin);
    expect((await save(mia, { paths: ['javascript:alert(1)'] })).statusCode).toBe(400);
    expect((await save(mia, { paths: ['/lxp'], user_id: leo.userId })).statusCode).toBe(400);
    expect((await save(mia, {})).statusCode).toBe(400);
    expect((await get(mia)).json()).toEqual(before);
  });

  it('answers 401 signed out', async () => {
    expect((await get(null)).statusCode).toBe(401);
    expect((await save(null, { paths: [] })).statusCode).toBe(401);
  });
});
