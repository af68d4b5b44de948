import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { addInterestSource } from '../ai';
import { grantFileReads } from '../files';
import { evidenceReadable } from './evidence';
import { readinessKeywords } from './next-steps';
import { registerReadinessRoutes } from './routes';

export { ensureInstrument } from './instruments';
export { insertResult } from './results';
export { answerReview, createReview } from './reviews';
export { recordStats } from './stats';

/**
 * Readiness journeys and statistics (issue 19 points 4 and 5; docs/readiness.md): routes, and the
 * grant that lets a reviewer read the evidence of the result they were asked about.
 */
export function registerReadiness(app: FastifyInstance, database: Database): void {
  registerReadinessRoutes(app, database);
  addInterestSource('readiness', readinessKeywords);
  grantFileReads('readiness-evidence', evidenceReadable);
}
