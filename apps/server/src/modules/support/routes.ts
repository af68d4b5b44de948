import {
  errorBody,
  FAQS_API,
  faq,
  faqCreate,
  faqListQuery,
  faqReorder,
  faqUpdate,
  listEnvelope,
  PRIVACY_API,
  pathId,
  privacyPolicy,
  privacyPolicyAnswer,
  privacyPolicyCreate,
  SUPPORT_REQUESTS_API,
  supportListQuery,
  supportReplyCreate,
  supportRequest,
  supportRequestCreate,
  supportStatusUpdate,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { forbidden, unauthorized } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import { createFaq, deleteFaq, listFaqs, reorderFaqs, updateFaq } from './faqs';
import { supportPolicies as policies } from './policy';
import { privacyPolicies, privacyPolicyVersion, publishPrivacyPolicy } from './privacy';
import { changeStatus, createRequest, getRequest, listRequests, replyToRequest } from './requests';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: pathId });

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Support requests, FAQs and the privacy policy (issue 22 point 5) under /api/support. */
export function registerSupport(app: FastifyInstance, database: Database): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];
  const one = z.object({ data: supportRequest });

  typed.get(
    `${SUPPORT_REQUESTS_API}/getRequests`,
    {
      config: { policy: policies.signedIn },
      schema: {
        tags,
        summary:
          'My support requests (view=mine) or, for administrators, every request of the context (view=manage)',
        querystring: supportListQuery,
        response: { 200: listEnvelope(supportRequest), ...errors },
      },
    },
    async (request) =>
      listRequests(database, actorOf(request), request.query as Parameters<typeof listRequests>[2]),
  );

  typed.get(
    `${SUPPORT_REQUESTS_API}/getRequest/:id`,
    {
      config: { policy: policies.signedIn },
      schema: {
        tags,
        summary: 'One support request with its thread',
        params: idParams,
        response: { 200: one, ...errors },
      },
    },
    async (request) => ({ data: await getRequest(database, actorOf(request), request.params.id) }),
  );

  typed.post(
    `${SUPPORT_REQUESTS_API}/createRequest`,
    {
      config: { policy: policies.signedIn },
      schema: {
        tags,
        summary: 'Ask the administrators of the current context for help',
        body: supportRequestCreate,
        response: { 201: one, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createRequest(database, actorOf(request), request.body) }),
  );

  typed.post(
    `${SUPPORT_REQUESTS_API}/replyRequest/:id`,
    {
      config: { policy: policies.signedIn },
      schema: {
        tags,
        summary: 'Add a reply to a request thread (the asker, or an administrator of its context)',
        params: idParams,
        body: supportReplyCreate,
        response: { 200: one, ...errors },
      },
    },
    async (request) => ({
      data: await replyToRequest(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.put(
    `${SUPPORT_REQUESTS_API}/updateRequestStatus/:id`,
    {
      config: { policy: policies.signedIn },
      schema: {
        tags,
        summary: 'Change the status: administrators any, the asker only closes or reopens',
        params: idParams,
        body: supportStatusUpdate,
        response: { 200: one, ...errors },
      },
    },
    async (request) => ({
      data: await changeStatus(database, actorOf(request), request.params.id, request.body.status),
    }),
  );

  typed.get(
    `${FAQS_API}/getFaqs`,
    {
      config: { policy: policies.public },
      schema: {
        tags,
        summary: "FAQs: the platform's, and the tenant's inside a tenant; search by word",
        querystring: faqListQuery,
        response: { 200: z.object({ data: z.array(faq) }), ...errors },
      },
    },
    async (request) => ({ data: await listFaqs(database, request.actor, request.query.search) }),
  );

  typed.post(
    `${FAQS_API}/createFaq`,
    {
      config: { policy: policies.faqWrite },
      schema: {
        tags,
        summary: 'Add a FAQ to the current context',
        body: faqCreate,
        response: { 201: z.object({ data: faq }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createFaq(database, actorOf(request), request.body) }),
  );

  typed.put(
    `${FAQS_API}/updateFaq/:id`,
    {
      config: { policy: policies.faqWrite },
      schema: {
        tags,
        summary: 'Edit a FAQ of the current context',
        params: idParams,
        body: faqUpdate,
        response: { 200: z.object({ data: faq }), ...errors },
      },
    },
    async (request) => ({
      data: await updateFaq(database, actorOf(request), request.params.id, request.body),
    }),
  );

  typed.delete(
    `${FAQS_API}/deleteFaq/:id/:user_id`,
    {
      config: { policy: policies.faqWrite },
      schema: {
        tags,
        summary: 'Soft-delete a FAQ of the current context; user_id must be the caller',
        params: z.object({ id: pathId, user_id: pathId }),
        response: { 200: z.object({ data: faq }), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (request.params.user_id !== actor.userId)
        throw forbidden('The user_id in the path must be your own.');
      return { data: await deleteFaq(database, actor, request.params.id) };
    },
  );

  typed.post(
    `${FAQS_API}/reorderFaqs`,
    {
      config: { policy: policies.faqWrite },
      schema: {
        tags,
        summary: 'Put FAQs of the current context in the order given',
        body: faqReorder,
        response: { 200: z.object({ data: z.array(faq) }), ...errors },
      },
    },
    async (request) => ({ data: await reorderFaqs(database, actorOf(request), request.body.faq_ids) }),
  );

  typed.get(
    `${PRIVACY_API}/getPrivacyPolicy`,
    {
      config: { policy: policies.public },
      schema: {
        tags,
        summary: 'The privacy policy in effect and every version',
        response: { 200: z.object({ data: privacyPolicyAnswer }), ...errors },
      },
    },
    async () => ({ data: await privacyPolicies(database) }),
  );

  typed.get(
    `${PRIVACY_API}/getPrivacyPolicy/:version`,
    {
      config: { policy: policies.public },
      schema: {
        tags,
        summary: 'One version of the privacy policy',
        params: z.object({ version: pathId }),
        response: { 200: z.object({ data: privacyPolicy }), ...errors },
      },
    },
    async (request) => ({ data: await privacyPolicyVersion(database, request.params.version) }),
  );

  typed.post(
    `${PRIVACY_API}/publishPrivacyPolicy`,
    {
      config: { policy: policies.platformAdmin },
      schema: {
        tags,
        summary: 'Publish a new version of the privacy policy',
        body: privacyPolicyCreate,
        response: { 201: z.object({ data: privacyPolicy }), ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await publishPrivacyPolicy(database, actorOf(request), request.body) }),
  );
}
