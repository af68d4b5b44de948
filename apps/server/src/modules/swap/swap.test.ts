import { SWAP_API, SWAP_MESSAGES } from '@nexus/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../http/policy';
import { makeTenant, makeUser, member } from '../../test/factories';
import { makeApp, type TestApp } from '../../test/make-app';

/** Issue 22: skill swap posts in a tenant, matches by shared tags, proposals once per post. */

let t: TestApp;
let ana: Actor;
let ben: Actor;
let cai: Actor;
let outsider: Actor;
let platformMember: Actor;

const post = (overrides: Record<string, unknown> = {}) => ({
  kind: 'offer',
  title: 'Python tutoring',
  description: 'An hour a week of Python for beginners.',
  tags: ['python', 'teaching'],
  ...overrides,
});
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (actor: Actor | null, method: Method, url: string, payload?: unknown) => {
  t.actAs(actor);
  return t.app.inject({
    method,
    url: `${SWAP_API}${url}`,
    ...(payload ? { payload: payload as object } : {}),
  });
};

beforeAll(async () => {
  t = await makeApp();
  const a = (await makeTenant(t.database, { tenant_name: 'Swap A' })).tenant_id;
  const b = (await makeTenant(t.database)).tenant_id;
  ana = member((await makeUser(t.database, { first_name: 'Ana', last_name: 'Roy' })).user_id, a);
  ben = member((await makeUser(t.database, { first_name: 'Ben' })).user_id, a);
  cai = member((await makeUser(t.database)).user_id, a);
  outsider = member((await makeUser(t.database)).user_id, b);
  platformMember = member((await makeUser(t.database)).user_id, null);
});
afterAll(async () => {
  await t?.close();
});

describe('swap posts', () => {
  let anaOffer: number;

  it('posts in my tenant and lists with only the defaults, newest first', async () => {
    const created = await call(ana, 'POST', '/createPost', post());
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ author: 'Ana Roy', is_mine: true, status: 'open' });
    anaOffer = created.json().data.post_id;
    await call(ben, 'POST', '/createPost', post({ kind: 'request', title: 'Need a logo', tags: ['design'] }));
    const list = await call(cai, 'GET', '/getPosts');
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, limit: 12, total: 2 });
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Need a logo',
      'Python tutoring',
    ]);
    expect(list.json().data[1]).toMatchObject({ is_mine: false, my_proposal: null, pending_proposals: 0 });
  });

  it('searches by word, filters by kind and tag, paginates', async () => {
    expect((await call(cai, 'GET', '/getPosts?search=logo')).json().data).toHaveLength(1);
    expect((await call(cai, 'GET', '/getPosts?kind=offer')).json().data[0].title).toBe('Python tutoring');
    expect((await call(cai, 'GET', '/getPosts?tag=design')).json().data[0].title).toBe('Need a logo');
    const paged = await call(cai, 'GET', '/getPosts?limit=1&page=2');
    expect(paged.json()).toMatchObject({ meta: { page: 2, totalPages: 2 } });
    expect((await call(ana, 'GET', '/getPosts?mine=true')).json().data).toHaveLength(1);
  });

  it('refuses bad input with a clear 400 and changes nothing', async () => {
    const bad = await call(ana, 'POST', '/createPost', post({ kind: 'gift', tags: [] }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose offer or request.');
    expect((await call(ana, 'GET', '/getPosts?kind=maybe')).statusCode).toBe(400);
    expect((await call(ana, 'PUT', `/updatePost/${anaOffer}`, {})).statusCode).toBe(400);
    expect((await call(ana, 'GET', '/getPosts?mine=true')).json().meta.total).toBe(1);
  });

  it('keeps posts to their tenant and their owner', async () => {
    expect((await call(null, 'GET', '/getPosts')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/createPost', post())).statusCode).toBe(401);
    expect((await call(outsider, 'GET', '/getPosts')).json().data).toHaveLength(0);
    expect((await call(platformMember, 'GET', '/getPosts')).json().data).toHaveLength(0);
    expect((await call(outsider, 'GET', `/getPost/${anaOffer}`)).statusCode).toBe(404);
    expect((await call(outsider, 'PUT', `/updatePost/${anaOffer}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(ben, 'PUT', `/updatePost/${anaOffer}`, { title: 'x' })).statusCode).toBe(404);
    expect((await call(ben, 'DELETE', `/deletePost/${anaOffer}`)).statusCode).toBe(404);
    expect((await call(ben, 'GET', `/getProposals/${anaOffer}`)).statusCode).toBe(404);
    expect(
      (await call(outsider, 'POST', '/createProposal', { post_id: anaOffer, message: 'hi' })).statusCode,
    ).toBe(404);
    expect((await call(ana, 'GET', `/getPost/${anaOffer}`)).json().data.title).toBe('Python tutoring');
  });

  it('orders matches by the number of shared tags', async () => {
    // Ana offers python+teaching; her request for design meets Ben's... offers below.
    await call(
      ben,
      'POST',
      '/createPost',
      post({ kind: 'request', title: 'Learn python', tags: ['python'] }),
    );
    await call(
      cai,
      'POST',
      '/createPost',
      post({ kind: 'request', title: 'Teach my team python', tags: ['python', 'teaching', 'data'] }),
    );
    await call(cai, 'POST', '/createPost', post({ kind: 'offer', title: 'Also python', tags: ['python'] }));
    const matches = await call(ana, 'GET', '/getMatches');
    expect(matches.statusCode).toBe(200);
    expect(matches.json().meta).toMatchObject({ page: 1, limit: 12, total: 2 });
    expect(matches.json().data.map((m: { title: string; overlap: number }) => [m.title, m.overlap])).toEqual([
      ['Teach my team python', 2],
      ['Learn python', 1],
    ]);
    expect(matches.json().data[0].shared_tags).toEqual(['python', 'teaching']);
    expect((await call(outsider, 'GET', '/getMatches')).json().data).toHaveLength(0);
    expect((await call(null, 'GET', '/getMatches')).statusCode).toBe(401);
  });

  it('proposes once, never on my own post; the owner accepts or declines; the proposer sees it', async () => {
    const own = await call(ana, 'POST', '/createProposal', { post_id: anaOffer, message: 'me' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(SWAP_MESSAGES.ownPost);
    expect((await call(ben, 'POST', '/createProposal', { post_id: anaOffer, message: ' ' })).statusCode).toBe(
      400,
    );
    const sent = await call(ben, 'POST', '/createProposal', {
      post_id: anaOffer,
      message: 'Logo for lessons?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      message: SWAP_MESSAGES.proposalSent,
      data: { my_proposal: 'pending' },
    });
    const again = await call(ben, 'POST', '/createProposal', { post_id: anaOffer, message: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SWAP_MESSAGES.alreadyProposed);
    await call(cai, 'POST', '/createProposal', { post_id: anaOffer, message: 'Data for lessons?' });

    const mine = await call(ana, 'GET', '/getPosts?mine=true');
    expect(mine.json().data[0].pending_proposals).toBe(2);
    const proposals = (await call(ana, 'GET', `/getProposals/${anaOffer}`)).json().data;
    expect(proposals).toHaveLength(2);
    const benId = proposals.find((p: { user_id: number }) => p.user_id === ben.userId).proposal_id;
    const caiId = proposals.find((p: { user_id: number }) => p.user_id === cai.userId).proposal_id;

    expect((await call(ben, 'PUT', `/updateProposal/${benId}`, { status: 'accepted' })).statusCode).toBe(404);
    expect((await call(outsider, 'PUT', `/updateProposal/${benId}`, { status: 'accepted' })).statusCode).toBe(
      404,
    );
    expect((await call(ana, 'PUT', `/updateProposal/${benId}`, { status: 'maybe' })).statusCode).toBe(400);
    const accepted = await call(ana, 'PUT', `/updateProposal/${benId}`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    expect((await call(ana, 'PUT', `/updateProposal/${benId}`, { status: 'declined' })).statusCode).toBe(409);
    expect(
      (await call(ana, 'PUT', `/updateProposal/${caiId}`, { status: 'declined' })).json().data.status,
    ).toBe('declined');
    expect((await call(ben, 'GET', `/getPost/${anaOffer}`)).json().data.my_proposal).toBe('accepted');
    expect((await call(cai, 'GET', `/getPost/${anaOffer}`)).json().data.my_proposal).toBe('declined');
  });

  it('closes and deletes my post', async () => {
    const closed = await call(ana, 'PUT', `/updatePost/${anaOffer}`, { status: 'closed' });
    expect(closed.json().data.status).toBe('closed');
    expect(
      (await call(cai, 'GET', '/getPosts?kind=offer')).json().data.map((p: { title: string }) => p.title),
    ).toEqual(['Also python']);
    const late = await call(outsider, 'POST', '/createProposal', { post_id: anaOffer, message: 'late' });
    expect(late.statusCode).toBe(404);
    expect((await call(ana, 'DELETE', `/deletePost/${anaOffer}`)).statusCode).toBe(200);
    expect((await call(ana, 'GET', `/getPost/${anaOffer}`)).statusCode).toBe(404);
  });
});
