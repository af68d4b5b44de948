/**
 * Judging arithmetic (docs/competitions.md, "Normalisation"), free of the database so the worked
 * example is checked number by number.
 *
 * 1. A judge's score of a submission is the weighted mean of their criterion scores (1..5):
 *    raw = Σ(weight × score) / Σ weight.
 * 2. Each judge's raw scores over the round's submissions they scored become z-scores:
 *    z = (raw − mean) / sd, with the population standard deviation of that judge's raw scores. A judge
 *    who scored one submission, or gave every one the same score, says nothing about order: z = 0.
 * 3. A submission's normalised score is the mean of its judges' z-scores; its raw score the mean of
 *    their raw scores. Ranking: normalised score, then raw score (both descending), then the earlier
 *    submission id.
 */

export interface CriterionWeight {
  criterion_id: number;
  weight: number;
}

export interface ScoreRow {
  submission_id: number;
  judge_id: number;
  criterion_id: number;
  score: number;
}

export interface Ranked {
  submission_id: number;
  judges: number;
  raw_score: number;
  normalised_score: number;
  rank: number;
}

/** Raw weighted score of each (judge, submission) pair that scored every criterion. */
export function weightedScores(criteria: readonly CriterionWeight[], scores: readonly ScoreRow[]) {
  const weights = new Map(criteria.map((c) => [c.criterion_id, c.weight]));
  const totalWeight = criteria.reduce((sum, c) => sum + c.weight, 0);
  const pairs = new Map<string, { judge_id: number; submission_id: number; sum: number; n: number }>();
  for (const row of scores) {
    const weight = weights.get(row.criterion_id);
    if (weight === undefined) continue;
    const key = `${row.judge_id}:${row.submission_id}`;
    const pair = pairs.get(key) ?? { judge_id: row.judge_id, submission_id: row.submission_id, sum: 0, n: 0 };
    pair.sum += weight * row.score;
    pair.n += 1;
    pairs.set(key, pair);
  }
  return [...pairs.values()]
    .filter((pair) => pair.n === criteria.length && totalWeight > 0)
    .map((pair) => ({
      judge_id: pair.judge_id,
      submission_id: pair.submission_id,
      raw: pair.sum / totalWeight,
    }));
}

/** Each judge's raw scores as z-scores over the submissions that judge scored. */
export function zScores(raws: readonly { judge_id: number; submission_id: number; raw: number }[]) {
  const byJudge = new Map<number, { submission_id: number; raw: number }[]>();
  for (const row of raws) {
    const list = byJudge.get(row.judge_id) ?? [];
    list.push(row);
    byJudge.set(row.judge_id, list);
  }
  const out: { judge_id: number; submission_id: number; raw: number; z: number }[] = [];
  for (const [judgeId, list] of byJudge) {
    const mean = list.reduce((sum, row) => sum + row.raw, 0) / list.length;
    const variance = list.reduce((sum, row) => sum + (row.raw - mean) ** 2, 0) / list.length;
    const sd = Math.sqrt(variance);
    for (const row of list) {
      out.push({
        judge_id: judgeId,
        submission_id: row.submission_id,
        raw: row.raw,
        z: sd > 1e-9 ? (row.raw - mean) / sd : 0,
      });
    }
  }
  return out;
}

/** The round's ranking of every submission at least one judge scored completely. */
export function rankSubmissions(criteria: readonly CriterionWeight[], scores: readonly ScoreRow[]): Ranked[] {
  const perSubmission = new Map<number, { raw: number[]; z: number[] }>();
  for (const row of zScores(weightedScores(criteria, scores))) {
    const entry = perSubmission.get(row.submission_id) ?? { raw: [], z: [] };
    entry.raw.push(row.raw);
    entry.z.push(row.z);
    perSubmission.set(row.submission_id, entry);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const rows = [...perSubmission.entries()].map(([submissionId, entry]) => ({
    submission_id: submissionId,
    judges: entry.raw.length,
    raw_score: mean(entry.raw),
    normalised_score: mean(entry.z),
    rank: 0,
  }));
  rows.sort(
    (a, b) =>
      b.normalised_score - a.normalised_score ||
      b.raw_score - a.raw_score ||
      a.submission_id - b.submission_id,
  );
  rows.forEach((row, index) => {
    row.rank = index + 1;
  });
  return rows;
}
