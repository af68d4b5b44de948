/**
 * Learning (programs, enrolments, progress): what other areas may use. It records
 * `learning.unit.completed` and `learning.program.completed`, and reacts to `assessment.passed` and
 * `attendance.recorded` (docs/events.md); assessment and attendance plug their completion rules in.
 */
export { ASSESSMENT_AUTHORSHIP, assertAuthors } from './authorship';
export { registerAuthorship } from './authorship-routes';
export { type CompletionRule, setCompletionRule } from './completion-rules';
export { registerLearningHandlers } from './event-handlers';
export { type LearnerProgram, programsOfLearners } from './learner-programs';
export { assertOwnParent } from './own-parent';
export { enrolmentOf, getProgress, PROGRESS_MESSAGES, type UnitPlace, unitPlace } from './progress';
export { authoringPolicies, authors } from './resources';
export { registerLearning } from './routes';
export { visiblePrograms } from './tree';
