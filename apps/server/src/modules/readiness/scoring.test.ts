import { describe, expect, it } from 'vitest';
import { effectiveLevels, levelsOf, phaseOf, summarise } from './scoring';

/** Question ids of an entrepreneurial survey: one single-choice question per KTH dimension. */
const QUESTIONS = { customer: 11, technology: 12, business_model: 13, ipr: 14, team: 15, funding: 16 };

describe('readiness scoring, the worked example of docs/readiness.md', () => {
  // A founder with first market feedback on the way to confirmed needs (customer 4), a prototype in a
  // relevant environment (technology 6), a drafted business model (3), novelty confirmed (ipr 4), a
  // team covering key skills (5) and only initial funding needs described (funding 2).
  const answers = { '11': '4', '12': '6', '13': '3', '14': '4', '15': '5', '16': '2' };

  it('gives each dimension the level of the statement picked', () => {
    expect(levelsOf('entrepreneurial', QUESTIONS, answers)).toEqual({
      customer: 4,
      technology: 6,
      business_model: 3,
      ipr: 4,
      team: 5,
      funding: 2,
    });
  });

  it('takes the weakest dimension as overall and the mean to one decimal as average', () => {
    // (4 + 6 + 3 + 4 + 5 + 2) / 6 = 24 / 6 = 4.0; the weakest is funding at 2.
    expect(summarise(levelsOf('entrepreneurial', QUESTIONS, answers))).toEqual({ overall: 2, average: 4 });
    // TRL: one dimension, so overall and average are its level.
    expect(summarise(levelsOf('technology', { technology: 7 }, { '7': '5' }))).toEqual({
      overall: 5,
      average: 5,
    });
    // Idea: 3, 2, 2 -> overall 2, average 2.3 (7 / 3 rounded to one decimal).
    expect(
      summarise(levelsOf('idea', { problem: 1, solution: 2, market: 3 }, { '1': '3', '2': '2', '3': '2' })),
    ).toEqual({ overall: 2, average: 2.3 });
  });

  it('refuses a result with a dimension unanswered or out of range, naming it', () => {
    expect(() => levelsOf('entrepreneurial', QUESTIONS, { ...answers, '16': '10' })).toThrow(
      'Answer every dimension before you submit.',
    );
    const { '13': _dropped, ...partial } = answers;
    try {
      levelsOf('entrepreneurial', QUESTIONS, partial);
      expect.unreachable();
    } catch (error) {
      expect((error as { details: { path: string }[] }).details).toEqual([
        expect.objectContaining({ path: 'answers.13' }),
      ]);
    }
  });

  it('lets the latest answered review decide a level; an open request changes nothing', () => {
    const self = { funding: 2, team: 5 };
    expect(
      effectiveLevels(self, [
        { review_id: 1, dimension: 'funding', status: 'adjusted', reviewed_level: 3 },
        { review_id: 2, dimension: 'team', status: 'requested', reviewed_level: null },
      ]),
    ).toEqual({ funding: 3, team: 5 });
    expect(
      effectiveLevels(self, [
        { review_id: 3, dimension: 'funding', status: 'confirmed', reviewed_level: 2 },
        { review_id: 1, dimension: 'funding', status: 'adjusted', reviewed_level: 4 },
      ]),
    ).toEqual({ funding: 2, team: 5 });
  });

  it('maps the best overall level to a stat module phase of 1 to 5', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map(phaseOf)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5]);
  });
});
