/**
 * Assessments: its routes (which also register the completion rule of assessment units). It records
 * `assessment.passed`; learning reacts to it (docs/events.md).
 */
export { registerAssessments } from './routes';
