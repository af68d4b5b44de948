import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema';
import { makeUser, member } from '../test/factories';
import { makeApp, type TestApp } from '../test/make-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
const freshAddress = () => `moved_${Date.now()}_${n++}@example.test`;

async function lastMail(to: string) {
  const [mail] = await t.database.system
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to_address, to))
    .orderBy(desc(mailOutbox.mail_id))
    .limit(1);
  return mail;
}

const codeIn = (subject: string | undefined) => subject?.match(/(\d{6})$/)?.[1];

async function emailOf(userId: number) {
  const [row] = await t.database.system
    .select({ email: users.email, verified: users.email_verified })
    .from(users)
    .where(eq(users.user_id, userId));
  return row!;
}

const post = (url: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, payload });

describe('changing one’s email address (issue 14 item 2)', () => {
  it('refuses a new email through updateUser and the profile update, changing nothing', async () => {
    const person = await makeUser(t.database, { email_verified: true });
    t.actAs(member(person.user_id, null));
    const target = freshAddress();
    for (const call of [
      {
        method: 'PUT' as const,
        url: `/operations/global-user/users/updateUser/${person.user_id}`,
        payload: { email: target },
      },
      { method: 'PUT' as const, url: '/operations/global-user/profile/update', payload: { email: target } },
    ]) {
      const refused = await t.app.inject(call);
      expect(refused.statusCode, call.url).toBe(400);
      expect(refused.json().details[0].path).toBe('email');
    }
    expect(await emailOf(person.user_id)).toEqual({ email: person.email, verified: true });
    // Sending one's current address with other fields is no change and still works.
    const same = await t.app.inject({
      method: 'PUT',
      url: `/operations/global-user/users/updateUser/${person.user_id}`,
      payload: { email: person.email, firstName: 'Same' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('changes the address only once the code mailed to it is entered, and tells the old address', async () => {
    const person = await makeUser(t.database, { email_verified: false });
    t.actAs(member(person.user_id, null));
    const target = freshAddress();
    const asked = await post('/api/auth/requestEmailChange', { email: target });
    expect(asked.statusCode).toBe(202);
    expect(await emailOf(person.user_id)).toEqual({ email: person.email, verified: false });
    const code = codeIn((await lastMail(target))?.subject);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post('/api/auth/confirmEmailChange', {
      email: target,
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(await emailOf(person.user_id)).toEqual({ email: person.email, verified: false });

    const confirmed = await post('/api/auth/confirmEmailChange', { email: target, otp: code });
    expect(confirmed.statusCode).toBe(200);
    expect(await emailOf(person.user_id)).toEqual({ email: target, verified: true });
    // The notice is a mail job written by the change's transaction: it arrives once a worker ran it.
    await expect
      .poll(async () => (await lastMail(person.email))?.subject, { timeout: 10_000 })
      .toBe('Your Nexus email address was changed');
    // A code works once.
    expect((await post('/api/auth/confirmEmailChange', { email: target, otp: code })).statusCode).toBe(400);
  });

  it('never lets one account confirm a code mailed for another account’s request', async () => {
    const asker = await makeUser(t.database);
    const other = await makeUser(t.database);
    const target = freshAddress();
    t.actAs(member(asker.user_id, null));
    expect((await post('/api/auth/requestEmailChange', { email: target })).statusCode).toBe(202);
    const code = codeIn((await lastMail(target))?.subject);
    t.actAs(member(other.user_id, null));
    expect((await post('/api/auth/confirmEmailChange', { email: target, otp: code })).statusCode).toBe(400);
    expect((await emailOf(other.user_id)).email).toBe(other.email);
  });

  it('answers a request for an address in use like any other, mailing its owner instead of a code', async () => {
    const person = await makeUser(t.database);
    const owner = await makeUser(t.database);
    t.actAs(member(person.user_id, null));
    const taken = await post('/api/auth/requestEmailChange', { email: owner.email });
    const free = await post('/api/auth/requestEmailChange', { email: freshAddress() });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json().data.message).toBe(free.json().data.message);
    const mail = await lastMail(owner.email);
    expect(mail?.subject).toBe('This address already has a Nexus account');
    expect(codeIn(mail?.subject)).toBeUndefined();
    const own = await post('/api/auth/requestEmailChange', { email: person.email });
    expect(own.statusCode).toBe(400);
    expect((await post('/api/auth/requestEmailChange', { email: 'not-an-address' })).statusCode).toBe(400);
    t.actAs(null);
    expect((await post('/api/auth/requestEmailChange', { email: freshAddress() })).statusCode).toBe(401);
  });
});
