import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { RateLimits } from '../../kernel/rate-limit';
import type { AiProviderConfig } from './provider';
import { registerAiRoutes } from './routes';

export type { AiProviderConfig } from './provider';
export {
  addInterestSource,
  addSuggestionSource,
  type Candidate,
  type InterestSource,
  type SuggestionSource,
} from './sources';

/**
 * AI suggestions (issue 20 point 3; docs/ai.md): areas add their candidates with
 * `addSuggestionSource`; the suggester ranks them for the person, through the provider when configured.
 */
export function registerAi(
  app: FastifyInstance,
  database: Database,
  rateLimits: RateLimits,
  provider: AiProviderConfig | undefined,
): void {
  registerAiRoutes(app, { database, provider }, rateLimits);
}
