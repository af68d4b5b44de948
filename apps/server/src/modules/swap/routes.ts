import {
  dataEnvelope,
  errorBody,
  pathId,
  SWAP_API,
  swapMatchList,
  swapMatchQuery,
  swapPostCreate,
  swapPostItem,
  swapPostList,
  swapPostUpdate,
  swapProposalCreate,
  swapProposalDecision,
  swapProposalItem,
  swapSearchQuery,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { swapPolicies } from './policy';
import {
  createPost,
  decideProposal,
  deletePost,
  getPost,
  matchPosts,
  postProposals,
  propose,
  searchPosts,
  updatePost,
} from './swap';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId }).strict();

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Skill swap (issue 22; docs/swap.md). */
export function registerSwap(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const S = SWAP_API;
  const tags = ['swap'];
  const signedIn = { policy: swapPolicies.signedIn };

  typed.get(
    `${S}/getPosts`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Open offers and requests here, newest first (or all of mine with mine=true)',
        querystring: swapSearchQuery,
        response: { 200: swapPostList, ...errors },
      },
    },
    async (request) => searchPosts(database, actorOf(request), request.query),
  );

  typed.get(
    `${S}/getMatches`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Others' posts whose tags meet my posts of the other kind, most shared tags first",
        querystring: swapMatchQuery,
        response: { 200: swapMatchList, ...errors },
      },
    },
    async (request) => matchPosts(database, actorOf(request), request.query),
  );

  typed.get(
    `${S}/getPost/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'One post',
        params: idParams,
        response: { 200: dataEnvelope(swapPostItem), ...errors },
      },
    },
    async (request) => ({ data: await getPost(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${S}/createPost`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Post an offer or a request in the context I am in',
        body: swapPostCreate,
        response: { 201: dataEnvelope(swapPostItem), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await createPost(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${S}/updatePost/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Edit or close my post',
        params: idParams,
        body: swapPostUpdate,
        response: { 200: dataEnvelope(swapPostItem), ...errors },
      },
    },
    async (request) => ({
      data: await updatePost(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    `${S}/deletePost/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Delete my post',
        params: idParams,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => deletePost(database, actorOf(request), request.params.id),
  );

  typed.post(
    `${S}/createProposal`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Propose a swap on another member's open post with a message (once per post)",
        body: swapProposalCreate,
        response: { 201: z.object({ data: swapPostItem, message: z.string() }), ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await propose(database, actorOf(request), request.body)),
  );

  typed.get(
    `${S}/getProposals/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'The proposals on my post',
        params: idParams,
        response: { 200: z.object({ data: z.array(swapProposalItem) }), ...errors },
      },
    },
    async (request) => postProposals(database, actorOf(request), request.params.id),
  );

  typed.put(
    `${S}/updateProposal/:id`,
    {
      config: signedIn,
      schema: {
        tags,
        summary: 'Accept or decline a proposal on my post',
        params: idParams,
        body: swapProposalDecision,
        response: { 200: dataEnvelope(swapProposalItem), ...errors },
      },
    },
    async (request) => decideProposal(database, actorOf(request), request.params.id, request.body),
  );
}
