import {
  AI_API,
  AI_LIMITS,
  AI_MESSAGES,
  aiSuggestionsQuery,
  errorBody,
  providerTrialAnswer,
  suggestionSetAnswer,
  tryProviderBody,
} from '@nexus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { unauthorized } from '../../http/app-error';
import type { Actor, Policy } from '../../http/policy';
import type { RateLimits } from '../../kernel/rate-limit';
import { type SuggesterContext, suggest, tryProvider } from './suggester';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** Anyone signed in asks for suggestions; administrators try the provider (the /gemini-test page). */
export const aiPolicies = {
  suggest: 'signedIn',
  tryProvider: { anyOf: ['platformAdmin', 'tenantAdmin'] },
} as const satisfies Record<string, Policy>;

function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

/** Each person's and each organisation's budget of requests per minute (issue 20 point 3). */
async function spend(rateLimits: RateLimits, actor: Actor): Promise<void> {
  await rateLimits.hit(`ai:user:${actor.userId}`, AI_LIMITS.perUserPerMinute, 60, AI_MESSAGES.tooMany);
  if (actor.tenantId !== null)
    await rateLimits.hit(
      `ai:tenant:${actor.tenantId}`,
      AI_LIMITS.perTenantPerMinute,
      60,
      AI_MESSAGES.tooMany,
    );
}

export function registerAiRoutes(
  app: FastifyInstance,
  context: SuggesterContext,
  rateLimits: RateLimits,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];
  typed.get(
    `${AI_API}/getSuggestions`,
    {
      config: { policy: aiPolicies.suggest },
      schema: {
        tags,
        summary: 'One set of suggestions of a category for the caller (provider or built-in suggester)',
        querystring: aiSuggestionsQuery,
        response: { 200: suggestionSetAnswer, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await spend(rateLimits, actor);
      return { data: await suggest(context, actor, request.query.category, request.query.set) };
    },
  );
  typed.post(
    `${AI_API}/tryProvider`,
    {
      config: { policy: aiPolicies.tryProvider },
      schema: {
        tags,
        summary: 'Send a prompt to the configured provider and see its raw answer (administrators)',
        body: tryProviderBody,
        response: { 200: providerTrialAnswer, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await spend(rateLimits, actor);
      return { data: await tryProvider(context, actor, request.body.prompt) };
    },
  );
}
