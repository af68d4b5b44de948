import {
  type AssessmentKind,
  type Question,
  type QuestionOption,
  type QuestionType,
  questionCreate,
} from '@nexus/contracts';
import type { QuestionInput } from '../../assessment-api';

/** The question editor's form state; options keep their ids so answers already given stay attached. */
export type QuestionDraft = QuestionInput;

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Single choice',
  multiple_choice: 'Multiple choice',
  short_text: 'Short text',
  rating: 'Rating',
};

export const MAX_OPTIONS = 20;

export const isChoice = (type: QuestionType) => type === 'single_choice' || type === 'multiple_choice';

export function emptyDraft(): QuestionDraft {
  return {
    question_type: 'single_choice',
    prompt: '',
    options: [
      { id: 'a', label: '' },
      { id: 'b', label: '' },
    ],
    correct_options: [],
    rating_max: 5,
    points: 1,
    is_required: true,
  };
}

export function draftOf(question: Question): QuestionDraft {
  const { question_type, prompt, options, correct_options, rating_max, points, is_required } = question;
  const padded = isChoice(question_type) || options.length > 0 ? options : emptyDraft().options;
  return { question_type, prompt, options: padded, correct_options, rating_max, points, is_required };
}

/** A short id not yet used by the question: a, b, c ... then o27, o28 ... */
export function nextOptionId(options: QuestionOption[]): string {
  const used = new Set(options.map((option) => option.id));
  for (const letter of 'abcdefghijklmnopqrstuvwxyz') if (!used.has(letter)) return letter;
  let n = options.length + 1;
  while (used.has(`o${n}`)) n += 1;
  return `o${n}`;
}

/** What is sent: options only for choice questions, correct options only for a quiz's choice questions. */
export function payloadOf(draft: QuestionDraft, kind: AssessmentKind): QuestionInput {
  const choice = isChoice(draft.question_type);
  const options = choice ? draft.options.map((option) => ({ ...option, label: option.label.trim() })) : [];
  const ids = options.map((option) => option.id);
  const correct =
    choice && kind === 'quiz' ? draft.correct_options.filter((id) => ids.includes(id)) : ([] as string[]);
  return {
    ...draft,
    prompt: draft.prompt.trim(),
    options,
    correct_options: draft.question_type === 'single_choice' ? correct.slice(0, 1) : correct,
  };
}

// zod's own wording for an empty string ("Too small: expected string ...") says nothing to an author.
function friendlier(key: string, code: string): string | undefined {
  if (code !== 'too_small') return undefined;
  if (key === 'prompt') return 'Enter the question.';
  if (/^options\.\d+\.label$/.test(key)) return 'Enter the option or remove it.';
  return undefined;
}

/** Field errors from the shared zod schema, keyed `prompt`, `options`, `options.0.label` ... */
export function draftErrors(payload: QuestionInput, assessmentId: number): Record<string, string> {
  const result = questionCreate.safeParse({ ...payload, assessment_id: assessmentId });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= friendlier(key, issue.code) ?? issue.message;
  }
  return errors;
}
