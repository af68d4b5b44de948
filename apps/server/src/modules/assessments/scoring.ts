import type { Answers, AnswerValue, QuestionOption, QuestionType } from '@nexus/contracts';

export interface ScoredQuestion {
  question_id: number;
  question_type: QuestionType;
  options: QuestionOption[];
  correct_options: string[];
  rating_max: number;
  points: number;
  is_required: boolean;
}

/** Why an answer does not fit its question, or null when it does. */
export function answerProblem(question: ScoredQuestion, value: AnswerValue): string | null {
  const ids = new Set(question.options.map((option) => option.id));
  switch (question.question_type) {
    case 'single_choice':
      return typeof value === 'string' && ids.has(value) ? null : 'Choose one of the options.';
    case 'multiple_choice':
      return Array.isArray(value) && value.every((id) => ids.has(id)) && new Set(value).size === value.length
        ? null
        : 'Choose among the options.';
    case 'short_text':
      return typeof value === 'string' ? null : 'Answer with text.';
    case 'rating':
      return typeof value === 'number' && value >= 1 && value <= question.rating_max
        ? null
        : `Rate from 1 to ${question.rating_max}.`;
  }
}

/** Whether a required question has a real answer (an empty text or selection does not count). */
export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** Choice questions with correct options are scored (all or nothing per question); the rest are not. */
export function isScored(question: ScoredQuestion): boolean {
  return (
    (question.question_type === 'single_choice' || question.question_type === 'multiple_choice') &&
    question.correct_options.length > 0
  );
}

export function isCorrect(question: ScoredQuestion, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  const picked = typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
  return sameSet(picked, question.correct_options);
}

export interface Score {
  score: number;
  max_score: number;
  percent: number;
  passed: boolean | null;
}

/**
 * A quiz passes when its percent reaches the pass mark; a quiz without scored questions passes on
 * submission. Surveys are not scored (`passed` null).
 */
export function scoreAnswers(
  questions: ScoredQuestion[],
  answers: Answers,
  kind: 'quiz' | 'survey',
  passMark: number | null,
): Score {
  let score = 0;
  let max = 0;
  for (const question of questions) {
    if (!isScored(question)) continue;
    max += question.points;
    if (isCorrect(question, answers[String(question.question_id)])) score += question.points;
  }
  const percent = max === 0 ? 100 : Math.floor((score * 100) / max);
  return {
    score,
    max_score: max,
    percent,
    passed: kind === 'survey' ? null : percent >= (passMark ?? 0),
  };
}
