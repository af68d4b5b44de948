import type { Assessment, AssessmentAttempt, AssessmentResponse, Question } from '@nexus/contracts';
import { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { http } from '../../shared/api/http';
import { initialAuthState } from '../../shared/session/auth-slice';

/** Test data and an HTTP stub shared by the assessment page tests (only HTTP is mocked). */
export const learner = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 7, username: 'ada', roles: [{ role_id: 13 }] },
  },
};
export const teacher = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: { user_id: 3, username: 'tess', roles: [{ role_id: 20, role_name: 'teacher', tenant_id: null }] },
  },
};

const stamps = {
  created_by: 3,
  modified_by: 3,
  created_at: '2026-11-01T00:00:00Z',
  modified_at: '2026-11-01T00:00:00Z',
  is_deleted: false,
};

export function makeAssessment(overrides: Partial<Assessment> = {}): Assessment {
  return {
    assessment_id: 4,
    tenant_id: null,
    title: 'Statistics check',
    description: 'Five minutes on averages',
    kind: 'quiz',
    status: 'published',
    pass_mark: 50,
    institute_name: 'Nexus Academy',
    max_attempts: 1,
    retake_wait_minutes: 0,
    scoring: 'best',
    show_correct_answers: false,
    ...stamps,
    ...overrides,
  };
}

export function makeQuestion(overrides: Partial<Question> = {}): Question {
  return {
    question_id: 41,
    assessment_id: 4,
    question_type: 'single_choice',
    prompt: 'Which is the middle value?',
    options: [
      { id: 'a', label: 'Mean' },
      { id: 'b', label: 'Median' },
    ],
    correct_options: ['b'],
    rating_max: 5,
    points: 1,
    is_required: true,
    position: 0,
    ...stamps,
    ...overrides,
  };
}

export function makeResponse(overrides: Partial<AssessmentResponse> = {}): AssessmentResponse {
  return {
    response_id: 9,
    assessment_id: 4,
    user_id: 7,
    response_for_type: 'self',
    institute_name: 'Nexus Academy',
    answers: {},
    is_completed: false,
    score: null,
    max_score: null,
    percent: null,
    passed: null,
    submitted_at: null,
    reopened_at: null,
    reopened_by: null,
    attempt: 1,
    modified_at: '2026-11-02T00:00:00Z',
    ...overrides,
  };
}

type Handler = (config: AxiosRequestConfig) => unknown;

/** Answers each call with the first handler whose key the URL contains; records every call. */
export function stubHttp(handlers: Record<string, Handler>) {
  const calls: AxiosRequestConfig[] = [];
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    const key = Object.keys(handlers).find((candidate) => url.includes(candidate));
    if (!key) throw new Error(`unexpected ${config.method ?? 'GET'} ${url}`);
    // Awaited, so a test can hold a call in flight with a handler that returns a promise.
    const data = await handlers[key]?.(config);
    if (data instanceof Error) throw data;
    return { data } as AxiosResponse;
  });
  return calls;
}

/** A failed call as axios reports it, carrying the server's message. */
export function serverError(status: number, message: string): AxiosError {
  const response = { status, data: { message, code: 'bad_request' } } as AxiosResponse;
  return new AxiosError(message, 'ERR_BAD_REQUEST', undefined, undefined, response);
}

/** getAttempt's answer: the retake state defaults to a single-attempt quiz, with no history or review. */
export function makeAttempt(
  attempt: Pick<AssessmentAttempt, 'assessment' | 'questions' | 'response'> & Partial<AssessmentAttempt>,
): AssessmentAttempt {
  const submitted = attempt.response?.is_completed ?? false;
  return {
    attempts: [],
    review: null,
    retake: {
      allowed: attempt.assessment.max_attempts,
      used: submitted ? 1 : 0,
      can_retake: false,
      blocked: submitted ? (attempt.response?.passed ? 'passed' : 'no_attempts_left') : 'open',
      opens_at: null,
    },
    ...attempt,
  };
}
