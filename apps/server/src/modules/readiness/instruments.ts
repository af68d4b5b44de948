import {
  READINESS_DIMENSION_LABELS,
  READINESS_JOURNEY_DEFINITIONS,
  READINESS_LEVELS,
  type ReadinessDimension,
  type ReadinessJourney,
} from '@nexus/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { assessmentQuestions, assessments, readinessInstruments } from '../../db/schema';
import { inScope } from '../../db/scope';
import { questionsOf } from '../assessments';

export interface Instrument {
  journey: ReadinessJourney;
  assessment_id: number;
  /** `{ dimension: question_id }`. */
  questions: Record<string, number>;
}

/** The option list of a dimension's question: its nine statements, ids "1" to "9". */
export function levelOptions(dimension: ReadinessDimension) {
  return READINESS_LEVELS[dimension].map((label, index) => ({
    id: String(index + 1),
    label: `Level ${index + 1}: ${label}`,
  }));
}

function promptOf(journey: ReadinessJourney, dimension: ReadinessDimension): string {
  return READINESS_JOURNEY_DEFINITIONS[journey].prompt.replace(
    '{dimension}',
    READINESS_DIMENSION_LABELS[dimension].toLowerCase(),
  );
}

/**
 * The journey's survey in the assessment engine, created on first use: a published platform survey
 * with one single-choice question per dimension. Created under an advisory lock so two first visits
 * at once make one survey; afterwards authors may reword it in the assessment builder.
 */
export async function ensureInstrument(db: DbOrTx, journey: ReadinessJourney): Promise<Instrument> {
  const find = async (tx: Tx) => {
    const [row] = await tx
      .select()
      .from(readinessInstruments)
      .where(eq(readinessInstruments.journey, journey));
    return row ? { ...row, journey, questions: row.questions as Record<string, number> } : undefined;
  };
  return inScope(db, 'main', async (tx) => {
    const found = await find(tx);
    if (found) return found;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('readiness.instruments'))`);
    const again = await find(tx);
    if (again) return again;
    const definition = READINESS_JOURNEY_DEFINITIONS[journey];
    const [assessment] = await tx
      .insert(assessments)
      .values({
        tenant_id: null,
        title: definition.title,
        description: definition.intro,
        kind: 'survey',
        status: 'published',
      })
      .returning({ id: assessments.assessment_id });
    if (!assessment) throw new Error('The readiness survey was not created');
    const questions: Record<string, number> = {};
    for (const [position, dimension] of definition.dimensions.entries()) {
      const [question] = await tx
        .insert(assessmentQuestions)
        .values({
          assessment_id: assessment.id,
          tenant_id: null,
          question_type: 'single_choice',
          prompt: promptOf(journey, dimension),
          options: levelOptions(dimension),
          correct_options: [],
          points: 0,
          is_required: true,
          position,
        })
        .returning({ id: assessmentQuestions.question_id });
      if (question) questions[dimension] = question.id;
    }
    await tx.insert(readinessInstruments).values({ journey, assessment_id: assessment.id, questions });
    return { journey, assessment_id: assessment.id, questions };
  });
}

/** The instrument's questions as the engine keeps them (an author's rewording included). */
export async function instrumentQuestions(db: DbOrTx, instrument: Instrument) {
  const byId = new Map(Object.entries(instrument.questions).map(([dimension, id]) => [id, dimension]));
  const rows = await inScope(db, 'main', (tx) => questionsOf(tx, instrument.assessment_id));
  return rows
    .filter((row) => byId.has(row.question_id))
    .map((row) => ({ ...row, dimension: byId.get(row.question_id) as ReadinessDimension }));
}
