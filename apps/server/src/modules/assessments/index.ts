/**
 * Assessments: its routes (which also register the completion rule of assessment units). It records
 * `assessment.passed`; learning reacts to it (docs/events.md). Readiness journeys reuse the engine's
 * questions and answer checks (docs/readiness.md).
 */
export { registerAssessments } from './routes';
export { answerProblem } from './scoring';
export { questionsOf } from './take';
