import {
  callBody,
  callItem,
  callList,
  callSearchQuery,
  createFundingApplicationBody,
  dataEnvelope,
  dealBoardQuery,
  dealBoard as dealBoardSchema,
  dealCard,
  ecosystemIdParams,
  errorBody,
  FUNDING_API,
  fundingApplicationItem,
  fundingApplicationList,
  investorBody,
  investorItem,
  investorList,
  investorSearchQuery,
  moveDealBody,
  myFundingApplicationsQuery,
  rateDealBody,
  updateInvestorBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { unauthorized } from '../../../http/app-error';
import type { Actor } from '../../../http/policy';
import {
  applyToCall,
  createCall,
  createInvestor,
  dealBoard,
  deleteCall,
  getCall,
  getInvestor,
  moveDeal,
  myFundingApplications,
  myInvestor,
  rateDeal,
  searchCalls,
  searchInvestors,
  updateCall,
  updateInvestor,
} from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/**
 * Funding under /api/funding (issue 19 point 2; docs/ecosystem.md). Investors and calls are public
 * (the investor hub works signed out); applying, publishing and the deal-flow board need a session
 * and are decided per person: a call's investor alone sees its applications.
 */
export function registerFundingRoutes(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const config = { policy: 'signedIn' } as const;
  const open = { policy: 'public' } as const;
  const tags = ['funding'];
  const F = FUNDING_API;
  const params = ecosystemIdParams;
  const ok = <T extends z.ZodType>(schema: T) => ({ 200: dataEnvelope(schema), ...errors });
  const created = <T extends z.ZodType>(schema: T) => ({ 201: dataEnvelope(schema), ...errors });
  const viewer = (request: FastifyRequest) => request.actor?.userId ?? null;

  typed.get(
    `${F}/getInvestors`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Investors and their theses (public)',
        querystring: investorSearchQuery,
        response: { 200: investorList, ...errors },
      },
    },
    async (request) => searchInvestors(db, viewer(request), request.query),
  );
  typed.get(
    `${F}/getInvestors/:id`,
    { config: open, schema: { tags, summary: 'One investor (public)', params, response: ok(investorItem) } },
    async (request) => ({ data: await getInvestor(db, viewer(request), request.params.id) }),
  );
  typed.get(
    `${F}/getMyInvestor`,
    {
      config,
      schema: { tags, summary: 'My investor profile, or null', response: ok(investorItem.nullable()) },
    },
    async (request) => ({ data: await myInvestor(db, actorOf(request).userId) }),
  );
  typed.post(
    `${F}/createInvestor`,
    {
      config,
      schema: {
        tags,
        summary: 'Create my investor profile',
        body: investorBody,
        response: created(investorItem),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await createInvestor(db, actorOf(request), request.body) };
    },
  );
  typed.put(
    `${F}/updateInvestor/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Edit my investor profile',
        params,
        body: updateInvestorBody,
        response: ok(investorItem),
      },
    },
    async (request) => ({
      data: await updateInvestor(db, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.get(
    `${F}/getCalls`,
    {
      config: open,
      schema: {
        tags,
        summary: 'Open calls (public); state=all adds closed ones',
        querystring: callSearchQuery,
        response: { 200: callList, ...errors },
      },
    },
    async (request) => searchCalls(db, viewer(request), request.query),
  );
  typed.get(
    `${F}/getCalls/:id`,
    { config: open, schema: { tags, summary: 'One call (public)', params, response: ok(callItem) } },
    async (request) => ({ data: await getCall(db, viewer(request), request.params.id) }),
  );
  typed.post(
    `${F}/createCall`,
    { config, schema: { tags, summary: 'Publish a call', body: callBody, response: created(callItem) } },
    async (request, reply) => {
      reply.code(201);
      return { data: await createCall(db, actorOf(request), request.body) };
    },
  );
  typed.put(
    `${F}/updateCall/:id`,
    { config, schema: { tags, summary: 'Edit my call', params, body: callBody, response: ok(callItem) } },
    async (request) => ({ data: await updateCall(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.delete(
    `${F}/deleteCall/:id`,
    { config, schema: { tags, summary: 'Withdraw my call', params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteCall(db, actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  typed.post(
    `${F}/createApplication`,
    {
      config,
      schema: {
        tags,
        summary: 'Apply to an open call with my startup and fundraising profile',
        body: createFundingApplicationBody,
        response: created(fundingApplicationItem),
      },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await applyToCall(db, actorOf(request), request.body) };
    },
  );
  typed.get(
    `${F}/getMyApplications`,
    {
      config,
      schema: {
        tags,
        summary: 'My startups’ applications to calls',
        querystring: myFundingApplicationsQuery,
        response: { 200: fundingApplicationList, ...errors },
      },
    },
    async (request) =>
      myFundingApplications(db, actorOf(request).userId, request.query.cursor, request.query.limit),
  );
  typed.get(
    `${F}/getDealFlow`,
    {
      config,
      schema: {
        tags,
        summary: 'My deal-flow board',
        querystring: dealBoardQuery,
        response: { 200: dealBoardSchema, ...errors },
      },
    },
    async (request) => ({ data: await dealBoard(db, actorOf(request), request.query) }),
  );
  typed.put(
    `${F}/moveDeal/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Move an application to another stage of my board',
        params,
        body: moveDealBody,
        response: ok(dealCard),
      },
    },
    async (request) => ({ data: await moveDeal(db, actorOf(request), request.params.id, request.body) }),
  );
  typed.put(
    `${F}/rateDeal/:id`,
    {
      config,
      schema: {
        tags,
        summary: 'Rate an application and keep notes',
        params,
        body: rateDealBody,
        response: ok(dealCard),
      },
    },
    async (request) => ({ data: await rateDeal(db, actorOf(request), request.params.id, request.body) }),
  );
}
