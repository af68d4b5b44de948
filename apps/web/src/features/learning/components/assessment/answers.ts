import type { Answers, AnswerValue, LearnerQuestion } from '@nexus/contracts';

/** The server's rule for an answered question (scoring.ts `isAnswered`), to mark what is missing. */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function unansweredRequired(questions: LearnerQuestion[], answers: Answers): number[] {
  return questions
    .filter((question) => question.is_required && !isAnswered(answers[String(question.question_id)]))
    .map((question) => question.question_id);
}
