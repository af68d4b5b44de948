import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AI_API, AI_LIMITS, AI_MESSAGES, JOB_POSTINGS_API, RESOURCES_API } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSections, userRoles } from '../../db/schema';
import type { Actor } from '../../http/policy';
import { itemBody, postingBody } from '../../test/area-bodies';
import { makeTenant, makeUser, member, platformAdmin, tenantAdmin } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/**
 * Issue 20 point 3: suggestions from the built-in suggester, and through an OpenAI-compatible
 * provider (a fake one this test starts) that only re-orders what the person may see.
 */

type Behaviour = 'choose' | 'fail' | 'slow' | 'garbage';
let behaviour: Behaviour = 'choose';
const received: string[] = [];
let fake: Server;
let builtIn: TestApp;
let withProvider: TestApp;

function fakeProvider(request: IncomingMessage, response: ServerResponse) {
  let body = '';
  request.on('data', (chunk) => {
    body += chunk;
  });
  request.on('end', () => {
    received.push(body);
    if (request.headers.authorization !== 'Bearer test-key') {
      response.writeHead(401).end('{"error":"bad key"}');
      return;
    }
    if (behaviour === 'fail') return void response.writeHead(500).end('{"error":"down"}');
    if (behaviour === 'slow') return void setTimeout(() => response.writeHead(200).end('{}'), 1500);
    if (behaviour === 'garbage')
      return void response
        .writeHead(200)
        .end(JSON.stringify({ choices: [{ message: { content: 'no idea' } }] }));
    const prompt = JSON.parse(body).messages.at(-1).content as string;
    const ids = [...prompt.matchAll(/"item_id":"([^"]+)"/g)].map((match) => match[1]);
    // The model picks the last item first, invents one, and answers with markup in a reason.
    const items = [
      { item_id: ids.at(-1), reason: '<b>Best</b> fit for you' },
      { item_id: 'jobs:999999', reason: 'invented' },
      ...ids.slice(0, -1).map((id) => ({ item_id: id, reason: 'Also good' })),
    ];
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        choices: [{ message: { content: `\`\`\`json\n${JSON.stringify({ items })}\n\`\`\`` } }],
      }),
    );
  });
}

let viewer: Actor;
let adminA: Actor;
let tenantA: number;

async function seed(t: TestApp) {
  const a = await makeTenant(t.database);
  const b = await makeTenant(t.database);
  const adminRowA = await makeUser(t.database);
  const adminRowB = await makeUser(t.database);
  const person = await makeUser(t.database);
  await t.database.system.insert(userRoles).values([
    { user_id: adminRowA.user_id, role_id: 2, tenant_id: a.tenant_id },
    { user_id: adminRowB.user_id, role_id: 2, tenant_id: b.tenant_id },
    { user_id: person.user_id, role_id: 13, tenant_id: a.tenant_id },
  ]);
  await t.database.system.insert(profileSections).values({
    user_id: person.user_id,
    section: 'employability',
    data: { skills: ['Rust', 'Embedded systems'], show_on_profile: true },
  });
  tenantA = a.tenant_id;
  adminA = tenantAdmin(adminRowA.user_id, a.tenant_id);
  viewer = member(person.user_id, a.tenant_id);
  const post = async (actor: Actor, url: string, payload: object) => {
    t.actAs(actor);
    const response = await t.app.inject({ method: 'POST', url, payload });
    expect(response.statusCode, response.body).toBe(201);
  };
  const adminB = tenantAdmin(adminRowB.user_id, b.tenant_id);
  for (const [title, skills] of [
    ['Rust firmware engineer', ['Rust', 'Embedded systems']],
    ['Sales lead', ['Sales']],
    ['Accountant', ['Excel']],
    ['Designer', ['Figma']],
    ['Barista', ['Coffee']],
  ] as const) {
    await post(adminA, `${JOB_POSTINGS_API}/create`, postingBody({ title, skills }));
  }
  // Tenant B's own resource: nobody of A may see it, nor may the provider hear of it.
  await post(
    adminB,
    `${RESOURCES_API}/items/createItem`,
    itemBody({ title: 'SecretOfB rust notes', tags: ['rust'], visibility: 'tenant' }),
  );
  await post(
    adminA,
    `${RESOURCES_API}/items/createItem`,
    itemBody({ title: 'Rust basics', tags: ['rust'], visibility: 'tenant' }),
  );
}

const suggestions = (t: TestApp, actor: Actor | null, query = '') => {
  t.actAs(actor);
  return t.app.inject({ method: 'GET', url: `${AI_API}/getSuggestions${query}` });
};

beforeAll(async () => {
  fake = createServer(fakeProvider);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const port = (fake.address() as AddressInfo).port;
  builtIn = await makeApp();
  withProvider = await makeApp({
    ai: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'fake-model', timeoutMs: 500 },
  });
  await seed(builtIn);
  await seed(withProvider);
}, 120_000);

afterAll(async () => {
  await builtIn?.close();
  await withProvider?.close();
  await new Promise((resolve) => fake?.close(resolve));
});

describe('the built-in suggester', () => {
  it('answers with its defaults, ranks by the person’s skills and explains why in plain words', async () => {
    const defaults = await suggestions(builtIn, viewer);
    expect(defaults.statusCode, defaults.body).toBe(200);
    expect(defaults.json().data).toMatchObject({
      category: 'programs',
      set: 0,
      source: 'builtin',
      notice: null,
    });

    const jobs = (await suggestions(builtIn, viewer, '?category=jobs')).json().data;
    expect(jobs.items).toHaveLength(AI_LIMITS.setSize);
    expect(jobs.items[0]).toMatchObject({ title: expect.stringContaining('Rust firmware engineer') });
    expect(jobs.items[0].reason).toContain('rust');
    expect(jobs.items[0].item_id).toMatch(/^jobs:\d+$/);
    expect(jobs.items[0].link).toMatch(/^\/search-jobs\/\d+$/);
  });

  it('gives the next set, then wraps around to the first', async () => {
    const first = (await suggestions(builtIn, viewer, '?category=jobs&set=0')).json().data.items;
    const second = (await suggestions(builtIn, viewer, '?category=jobs&set=1')).json().data.items;
    const third = (await suggestions(builtIn, viewer, '?category=jobs&set=2')).json().data.items;
    expect(second).toHaveLength(1);
    expect(first.map((item: { item_id: string }) => item.item_id)).not.toContain(second[0].item_id);
    expect(third).toEqual(first);
  });

  it('suggests only what the person may see', async () => {
    const resources = (await suggestions(builtIn, viewer, '?category=resources')).json().data.items;
    const titles = resources.map((item: { title: string }) => item.title);
    expect(titles).toContain('Rust basics');
    expect(titles).not.toContain('SecretOfB rust notes');
  });

  it('refuses the signed out and a category that does not exist', async () => {
    expect((await suggestions(builtIn, null)).statusCode).toBe(401);
    const unknown = await suggestions(builtIn, viewer, '?category=cars');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(AI_MESSAGES.unknownCategory);
  });

  it('caps each person’s requests per minute', async () => {
    const person = member((await makeUser(builtIn.database)).user_id, null);
    for (let i = 0; i < AI_LIMITS.perUserPerMinute; i++)
      expect((await suggestions(builtIn, person, '?category=events')).statusCode).toBe(200);
    const over = await suggestions(builtIn, person, '?category=events');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(AI_MESSAGES.tooMany);
  });
});

describe('through an OpenAI-compatible provider', () => {
  it('keeps the provider’s order among known items only, with reasons as text', async () => {
    behaviour = 'choose';
    received.length = 0;
    const answer = await suggestions(withProvider, viewer, '?category=jobs');
    expect(answer.statusCode, answer.body).toBe(200);
    const data = answer.json().data;
    expect(data.source).toBe('provider');
    expect(data.notice).toBeNull();
    expect(data.items.map((item: { item_id: string }) => item.item_id)).not.toContain('jobs:999999');
    // The fake chose the built-in order's last item first: Rust first, then newest first, so Sales.
    expect(data.items[0].title).toContain('Sales lead');
    expect(data.items[1].title).toContain('Rust firmware engineer');
    expect(data.items[0].reason).toBe('<b>Best</b> fit for you');
    const sent = JSON.parse(received.at(-1) as string);
    expect(sent.model).toBe('fake-model');
    expect(sent.messages.at(-1).content).toContain('rust');
  });

  it('never tells the provider about another tenant’s rows', async () => {
    behaviour = 'choose';
    received.length = 0;
    await suggestions(withProvider, viewer, '?category=resources');
    expect(received.join('\n')).toContain('Rust basics');
    expect(received.join('\n')).not.toContain('SecretOfB');
  });

  it.each(['fail', 'slow', 'garbage'] as const)(
    'falls back to the built-in order quietly when it %s',
    async (mode) => {
      behaviour = mode;
      const data = (await suggestions(withProvider, viewer, '?category=jobs')).json().data;
      expect(data.source).toBe('builtin');
      expect(data.notice).toBe(AI_MESSAGES.fallback);
      expect(data.items[0].title).toContain('Rust firmware engineer');
    },
  );
});

describe('/gemini-test: trying the provider', () => {
  const tryIt = (t: TestApp, actor: Actor | null, payload: object) => {
    t.actAs(actor);
    return t.app.inject({ method: 'POST', url: `${AI_API}/tryProvider`, payload });
  };

  it('shows administrators the raw answer, and refuses everyone else', async () => {
    behaviour = 'choose';
    const raw = await tryIt(withProvider, adminA, { prompt: 'Say hello' });
    expect(raw.statusCode, raw.body).toBe(200);
    expect(raw.json().data).toMatchObject({ provider: 'openai-compatible', model: 'fake-model', ok: true });
    expect(JSON.parse(raw.json().data.raw).choices).toHaveLength(1);
    behaviour = 'fail';
    expect((await tryIt(withProvider, adminA, { prompt: 'Say hello' })).json().data).toMatchObject({
      ok: false,
      raw: '{"error":"down"}',
    });

    const local = await tryIt(builtIn, platformAdmin(adminA.userId, tenantA), { prompt: 'Programs for me' });
    expect(local.json().data).toMatchObject({
      provider: 'builtin',
      model: null,
      notice: AI_MESSAGES.builtIn,
    });
    expect((await tryIt(builtIn, viewer, { prompt: 'x' })).statusCode).toBe(403);
    expect((await tryIt(builtIn, null, { prompt: 'x' })).statusCode).toBe(401);
    const empty = await tryIt(builtIn, adminA, { prompt: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(AI_MESSAGES.promptNeeded);
  });
});
