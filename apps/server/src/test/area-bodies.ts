/**
 * Valid request bodies of areas that tests outside those areas also need (the isolation walk, the AI
 * suggester's tests): kept here, in the shared test layer, so no test reaches into an area's own kit.
 */

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A valid on-site posting body, to spread overrides on. */
export const postingBody = (overrides: Record<string, unknown> = {}) => ({
  title: `Engineer ${Math.random().toString(36).slice(2, 8)}`,
  job_type: 'full_time',
  remote: false,
  city: 'Berlin',
  country: 'DE',
  description: '<p>Build things with <strong>TypeScript</strong></p>',
  skills: ['TypeScript', 'PostgreSQL'],
  questions: [
    { question_id: 'why', label: 'Why us?', kind: 'text', required: true },
    { question_id: 'start', label: 'When can you start?', kind: 'choice', choices: ['Now', 'Later'] },
  ],
  closes_at: inDays(30),
  ...overrides,
});

export const itemBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'report',
  title: `Report ${Math.random().toString(36).slice(2, 8)}`,
  summary: 'What we learned',
  tags: ['energy'],
  status: 'published',
  ...overrides,
});
