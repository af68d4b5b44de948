import { FAQS_API, PRIVACY_API, SUPPORT_REQUESTS_API } from '@nexus/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, faqs, notifications, supportRequests } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22 point 5: support requests, FAQs and the privacy policy. */

let t: TestApp;
let tenantA: number;
let tenantB: number;

beforeAll(async () => {
  t = await makeApp();
  tenantA = (await makeTenant(t.database)).tenant_id;
  tenantB = (await makeTenant(t.database)).tenant_id;
});
afterAll(async () => {
  await t?.close();
});

const newUser = async () => (await makeUser(t.database)).user_id;

function call(
  actor: Actor | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  t.actAs(actor);
  return t.app.inject({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function ask(actor: Actor, subject = 'Cannot open my course') {
  const response = await call(actor, 'POST', `${SUPPORT_REQUESTS_API}/createRequest`, {
    subject,
    body: 'The unit page stays blank.',
    category: 'learning',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { request_id: number; status: string; tenant_id: number | null };
}

describe('support requests', () => {
  it('sends a request to the tenant, lists it for its asker with defaults and for the tenant admins', async () => {
    const asker = member(await newUser(), tenantA);
    const created = await ask(asker);
    expect(created).toMatchObject({ status: 'open', tenant_id: tenantA });
    const mine = (await call(asker, 'GET', `${SUPPORT_REQUESTS_API}/getRequests`)).json();
    expect(mine.meta).toMatchObject({ page: 1, limit: 10, total: 1 });
    const admin = tenantAdmin(await newUser(), tenantA);
    const queue = (
      await call(admin, 'GET', `${SUPPORT_REQUESTS_API}/getRequests?view=manage&status=open`)
    ).json();
    expect(queue.data.map((row: { request_id: number }) => row.request_id)).toContain(created.request_id);
    const otherAdmin = tenantAdmin(await newUser(), tenantB);
    const elsewhere = (
      await call(otherAdmin, 'GET', `${SUPPORT_REQUESTS_API}/getRequests?view=manage`)
    ).json();
    expect(elsewhere.data.map((row: { request_id: number }) => row.request_id)).not.toContain(
      created.request_id,
    );
  });

  it('refuses the manage view to a member (403) and everything signed out (401)', async () => {
    const asker = member(await newUser(), tenantA);
    expect((await call(asker, 'GET', `${SUPPORT_REQUESTS_API}/getRequests?view=manage`)).statusCode).toBe(
      403,
    );
    expect((await call(null, 'GET', `${SUPPORT_REQUESTS_API}/getRequests`)).statusCode).toBe(401);
    expect(
      (
        await call(null, 'POST', `${SUPPORT_REQUESTS_API}/createRequest`, {
          subject: 'x',
          body: 'y',
          category: 'other',
        })
      ).statusCode,
    ).toBe(401);
  });

  it('answers 404 to another member, an admin of another tenant and the asker in another context', async () => {
    const asker = member(await newUser(), tenantA);
    const { request_id } = await ask(asker);
    for (const stranger of [
      member(await newUser(), tenantA),
      tenantAdmin(await newUser(), tenantB),
      member(asker.userId, tenantB),
    ]) {
      expect(
        (await call(stranger, 'GET', `${SUPPORT_REQUESTS_API}/getRequest/${request_id}`)).statusCode,
      ).toBe(404);
      const reply = await call(stranger, 'POST', `${SUPPORT_REQUESTS_API}/replyRequest/${request_id}`, {
        body: 'hi',
      });
      expect(reply.statusCode).toBe(404);
      const status = await call(
        stranger,
        'PUT',
        `${SUPPORT_REQUESTS_API}/updateRequestStatus/${request_id}`,
        {
          status: 'closed',
        },
      );
      expect(status.statusCode).toBe(404);
    }
    const [row] = await t.database.system
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.request_id, request_id));
    expect(row?.status).toBe('open');
  });

  it('threads replies: an admin answer marks it answered and records support.request.replied', async () => {
    const asker = member(await newUser(), tenantA);
    const { request_id } = await ask(asker);
    const admin = tenantAdmin(await newUser(), tenantA);
    const answered = await call(admin, 'POST', `${SUPPORT_REQUESTS_API}/replyRequest/${request_id}`, {
      body: 'Try reloading the page.',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'answered', reply_count: 1 });
    expect(answered.json().data.replies[0]).toMatchObject({
      from_staff: true,
      body: 'Try reloading the page.',
    });
    const events = await t.database.system
      .select()
      .from(domainEvents)
      .where(
        and(
          eq(domainEvents.name, 'support.request.replied'),
          sql`${domainEvents.payload}->>'request_id' = ${String(request_id)}`,
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      requester_id: asker.userId,
      author_id: admin.userId,
      from_staff: true,
    });
    await t.app.events.drain();
    const inbox = await t.database.system
      .select({ link: notifications.link })
      .from(notifications)
      .where(eq(notifications.user_id, asker.userId));
    expect(inbox).toEqual([{ link: `/student/support?request=${request_id}` }]);
    const back = await call(asker, 'POST', `${SUPPORT_REQUESTS_API}/replyRequest/${request_id}`, {
      body: 'Still blank.',
    });
    expect(back.json().data).toMatchObject({ status: 'open', reply_count: 2 });
    // The asker's own reply notifies nobody (the administrators read the queue).
    await t.app.events.drain();
    const adminInbox = await t.database.system
      .select()
      .from(notifications)
      .where(eq(notifications.user_id, admin.userId));
    expect(adminInbox).toHaveLength(0);
  });

  it('lets the asker close but not mark answered; a closed request takes no reply', async () => {
    const asker = member(await newUser(), tenantA);
    const { request_id } = await ask(asker);
    const wrong = await call(asker, 'PUT', `${SUPPORT_REQUESTS_API}/updateRequestStatus/${request_id}`, {
      status: 'answered',
    });
    expect(wrong.statusCode).toBe(400);
    const closed = await call(asker, 'PUT', `${SUPPORT_REQUESTS_API}/updateRequestStatus/${request_id}`, {
      status: 'closed',
    });
    expect(closed.json().data.status).toBe('closed');
    const reply = await call(asker, 'POST', `${SUPPORT_REQUESTS_API}/replyRequest/${request_id}`, {
      body: 'x',
    });
    expect(reply.statusCode).toBe(409);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const asker = member(await newUser(), tenantA);
    const bad = await call(asker, 'POST', `${SUPPORT_REQUESTS_API}/createRequest`, {
      subject: ' ',
      body: 'x',
      category: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toMatch(/subject|category/);
    const rows = await t.database.system
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.requester_id, asker.userId));
    expect(rows).toHaveLength(0);
  });

  it('sends a request made on the main platform to the platform admins', async () => {
    const asker = member(await newUser(), null);
    const { request_id } = await ask(asker);
    const admin = platformAdmin(await newUser());
    expect((await call(admin, 'GET', `${SUPPORT_REQUESTS_API}/getRequest/${request_id}`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await call(
          tenantAdmin(await newUser(), tenantA),
          'GET',
          `${SUPPORT_REQUESTS_API}/getRequest/${request_id}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('FAQs', () => {
  it('shows the platform FAQs to everyone, signed out too, and a tenant its own on top', async () => {
    const admin = platformAdmin(await newUser());
    const created = await call(admin, 'POST', `${FAQS_API}/createFaq`, {
      category: 'Accounts',
      question: 'How do I reset my password?',
      answer: '<p>Use <em>Forgot password</em>.<script>x</script></p>',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.answer).toBe('<p>Use <em>Forgot password</em>.</p>');
    const tenantFaq = await call(tenantAdmin(await newUser(), tenantA), 'POST', `${FAQS_API}/createFaq`, {
      question: 'Where is the campus library?',
      answer: '<p>Building C.</p>',
    });
    expect(tenantFaq.json().data.tenant_id).toBe(tenantA);
    const anonymous = (await call(null, 'GET', `${FAQS_API}/getFaqs`)).json().data as { question: string }[];
    expect(anonymous.map((row) => row.question)).toContain('How do I reset my password?');
    expect(anonymous.map((row) => row.question)).not.toContain('Where is the campus library?');
    const inA = (
      await call(member(await newUser(), tenantA), 'GET', `${FAQS_API}/getFaqs?search=library`)
    ).json().data;
    expect(inA.map((row: { question: string }) => row.question)).toEqual(['Where is the campus library?']);
    const inB = (
      await call(member(await newUser(), tenantB), 'GET', `${FAQS_API}/getFaqs?search=library`)
    ).json().data;
    expect(inB).toHaveLength(0);
  });

  it('lets only admins write, a tenant admin only its own tenant’s FAQs', async () => {
    const platform = platformAdmin(await newUser());
    const platformFaq = (
      await call(platform, 'POST', `${FAQS_API}/createFaq`, {
        question: 'Platform question?',
        answer: '<p>Yes.</p>',
      })
    ).json().data.faq_id as number;
    expect(
      (
        await call(member(await newUser(), tenantA), 'POST', `${FAQS_API}/createFaq`, {
          question: 'q',
          answer: 'a',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(null, 'POST', `${FAQS_API}/createFaq`, { question: 'q', answer: 'a' })).statusCode,
    ).toBe(401);
    const adminB = tenantAdmin(await newUser(), tenantB);
    expect(
      (await call(adminB, 'PUT', `${FAQS_API}/updateFaq/${platformFaq}`, { question: 'Mine?' })).statusCode,
    ).toBe(404);
    expect(
      (await call(adminB, 'DELETE', `${FAQS_API}/deleteFaq/${platformFaq}/${adminB.userId}`)).statusCode,
    ).toBe(404);
    expect(
      (await call(adminB, 'POST', `${FAQS_API}/reorderFaqs`, { faq_ids: [platformFaq] })).statusCode,
    ).toBe(404);
    const [row] = await t.database.system.select().from(faqs).where(eq(faqs.faq_id, platformFaq));
    expect(row?.question).toBe('Platform question?');
    expect(
      (await call(platform, 'POST', `${FAQS_API}/createFaq`, { question: '', answer: '' })).statusCode,
    ).toBe(400);
  });

  it('reorders and deletes the FAQs of the caller’s context', async () => {
    const admin = tenantAdmin(await newUser(), tenantB);
    const ids: number[] = [];
    for (const question of ['First?', 'Second?']) {
      ids.push(
        (
          await call(admin, 'POST', `${FAQS_API}/createFaq`, {
            category: 'Order',
            question,
            answer: '<p>a</p>',
          })
        ).json().data.faq_id,
      );
    }
    const reordered = await call(admin, 'POST', `${FAQS_API}/reorderFaqs`, { faq_ids: [ids[1], ids[0]] });
    expect(reordered.json().data.map((row: { question: string }) => row.question)).toEqual([
      'Second?',
      'First?',
    ]);
    expect((await call(admin, 'DELETE', `${FAQS_API}/deleteFaq/${ids[0]}/${admin.userId}`)).statusCode).toBe(
      200,
    );
    const left = (await call(admin, 'GET', `${FAQS_API}/getFaqs?search=First`)).json().data;
    expect(left).toHaveLength(0);
  });
});

describe('privacy policy', () => {
  it('is empty before the first version, readable signed out, published only by platform admins', async () => {
    const empty = (await call(null, 'GET', `${PRIVACY_API}/getPrivacyPolicy`)).json().data;
    expect(empty).toEqual({ current: null, versions: [] });
    const body = { version: 1, effective_date: '2026-01-01', body: '<p>We keep little.</p>' };
    expect((await call(null, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, body)).statusCode).toBe(401);
    expect(
      (await call(tenantAdmin(await newUser(), tenantA), 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, body))
        .statusCode,
    ).toBe(403);
    const admin = platformAdmin(await newUser());
    expect((await call(admin, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, body)).statusCode).toBe(201);
    expect((await call(admin, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, body)).statusCode).toBe(409);
    expect(
      (
        await call(admin, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, {
          ...body,
          version: 2,
          effective_date: '1/2/2026',
        })
      ).statusCode,
    ).toBe(400);
    const second = await call(admin, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, {
      version: 2,
      effective_date: '2026-02-01',
      summary: 'Analytics cookies',
      body: '<p>Now with analytics.</p>',
    });
    expect(second.statusCode).toBe(201);
    const future = await call(admin, 'POST', `${PRIVACY_API}/publishPrivacyPolicy`, {
      version: 3,
      effective_date: '2999-01-01',
      body: '<p>Later.</p>',
    });
    expect(future.statusCode).toBe(201);
    const answer = (await call(null, 'GET', `${PRIVACY_API}/getPrivacyPolicy`)).json().data;
    expect(answer.current).toMatchObject({ version: 2, body: '<p>Now with analytics.</p>' });
    expect(answer.versions.map((row: { version: number }) => row.version)).toEqual([3, 2, 1]);
    const first = (await call(null, 'GET', `${PRIVACY_API}/getPrivacyPolicy/1`)).json().data;
    expect(first.body).toBe('<p>We keep little.</p>');
    expect((await call(null, 'GET', `${PRIVACY_API}/getPrivacyPolicy/99`)).statusCode).toBe(404);
  });
});
