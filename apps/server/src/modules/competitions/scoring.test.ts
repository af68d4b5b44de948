import { describe, expect, it } from 'vitest';
import { rankSubmissions, weightedScores, zScores } from './scoring';

/**
 * The worked example of docs/competitions.md. Criteria: Impact (weight 2), Execution (weight 1).
 * Judge 7 is strict, judge 8 generous:
 *
 *   submission  judge 7 (I, E) raw   judge 8 (I, E) raw
 *   101         (2, 2)   2           (5, 5)   5
 *   102         (3, 3)   3           (5, 2)   4        raw = (2·5 + 1·2) / 3
 *   103         (4, 4)   4           (4, 4)   4
 *
 * Judge 7: mean 3, sd √(2/3) = 0.816497 → z = −1.224745, 0, +1.224745.
 * Judge 8: mean 13/3, sd √(2/9) = 0.471405 → z = +1.414214, −0.707107, −0.707107.
 * Normalised (mean z): 101 = 0.094734, 102 = −0.353553, 103 = 0.258819.
 * Raw means: 101 = 3.5, 102 = 3.5, 103 = 4. Ranking: 103, 101, 102 — the raw means could not tell
 * 101 from 102; normalising shows that 101 is judge 8's clear favourite, 102 only judge 7's middle.
 */
const criteria = [
  { criterion_id: 1, weight: 2 },
  { criterion_id: 2, weight: 1 },
];
const s = (submission_id: number, judge_id: number, impact: number, execution: number) => [
  { submission_id, judge_id, criterion_id: 1, score: impact },
  { submission_id, judge_id, criterion_id: 2, score: execution },
];
const scores = [
  ...s(101, 7, 2, 2),
  ...s(102, 7, 3, 3),
  ...s(103, 7, 4, 4),
  ...s(101, 8, 5, 5),
  ...s(102, 8, 5, 2),
  ...s(103, 8, 4, 4),
];

describe('judging normalisation (worked example)', () => {
  it('weights each judge’s criterion scores', () => {
    const raw = weightedScores(criteria, scores);
    const of = (judge: number, submission: number) =>
      raw.find((r) => r.judge_id === judge && r.submission_id === submission)!.raw;
    expect(of(7, 101)).toBe(2);
    expect(of(8, 102)).toBe(4);
    expect(of(8, 101)).toBe(5);
  });

  it('turns each judge’s scores into z-scores', () => {
    const z = zScores(weightedScores(criteria, scores));
    const of = (judge: number, submission: number) =>
      z.find((r) => r.judge_id === judge && r.submission_id === submission)!.z;
    expect(of(7, 101)).toBeCloseTo(-1.224745, 6);
    expect(of(7, 102)).toBeCloseTo(0, 6);
    expect(of(7, 103)).toBeCloseTo(1.224745, 6);
    expect(of(8, 101)).toBeCloseTo(Math.sqrt(2), 6);
    expect(of(8, 102)).toBeCloseTo(-1 / Math.sqrt(2), 6);
    expect(of(8, 103)).toBeCloseTo(-1 / Math.sqrt(2), 6);
  });

  it('ranks by the mean z-score: 103, 101, 102', () => {
    const ranked = rankSubmissions(criteria, scores);
    expect(ranked.map((r) => r.submission_id)).toEqual([103, 101, 102]);
    expect(ranked[0]!.normalised_score).toBeCloseTo(0.258819, 6);
    expect(ranked[1]!.normalised_score).toBeCloseTo(0.094734, 6);
    expect(ranked[2]!.normalised_score).toBeCloseTo(-0.353553, 6);
    expect(ranked.map((r) => r.raw_score)).toEqual([4, 3.5, 3.5]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3]);
  });

  it('gives z = 0 to a judge with one submission or identical scores, and skips incomplete scoring; ties fall to the raw score', () => {
    const ranked = rankSubmissions(criteria, [
      ...s(1, 9, 3, 3),
      ...s(2, 10, 4, 4),
      ...s(3, 10, 4, 4),
      { submission_id: 4, judge_id: 9, criterion_id: 1, score: 5 },
    ]);
    expect(ranked.map((r) => [r.submission_id, r.normalised_score])).toEqual([
      [2, 0],
      [3, 0],
      [1, 0],
    ]);
  });
});
