import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../client';
import { assessmentQuestions, assessments, courses, modules, programs, units, users } from '../schema';

export const DEMO_PROGRAM_NAME = 'Getting started with Nexus';
export const DEMO_QUIZ_TITLE = 'Nexus basics check';
export const DEMO_QUIZ_UNIT = 'Check what you learnt';

/** Both must be right to pass (pass mark 100); three attempts, so a learner who slips can retake. */
const QUIZ_QUESTIONS = [
  {
    prompt: 'What do courses hold?',
    options: [
      { id: 'programs', label: 'Programs' },
      { id: 'modules', label: 'Modules' },
      { id: 'certificates', label: 'Certificates' },
    ],
    correct: 'modules',
  },
  {
    prompt: 'Who can check a certificate?',
    options: [
      { id: 'holder', label: 'Only its holder' },
      { id: 'anyone', label: 'Anyone with its address' },
      { id: 'admins', label: 'Only administrators' },
    ],
    correct: 'anyone',
  },
] as const;

const OUTLINE = [
  {
    course: 'Find your way around',
    modules: [
      {
        module: 'The platform',
        units: [
          [
            'Welcome',
            '<p>Nexus brings startups, investors, institutes and learners together. This short program shows you around.</p>',
          ],
          [
            'Your roles and organisations',
            '<p>Switch between the main platform and the organisations you belong to from the top bar.</p>',
          ],
        ],
      },
      {
        module: 'Learning here',
        units: [
          [
            'Programs, courses and units',
            '<p>Programs hold courses, courses hold modules, modules hold units. Use <b>Next</b> and <b>Back</b> to move through them.</p>',
          ],
        ],
      },
    ],
  },
  {
    course: 'Finish and get certified',
    modules: [
      {
        module: 'Your certificate',
        units: [
          [
            'Certificates anyone can check',
            '<p>Complete every required unit and your certificate is issued, signed by the platform and checkable by anyone at its address.</p>',
          ],
        ],
      },
    ],
  },
] as const;

/** The platform quiz that closes the demo program, with its retake policy (docs/assessments.md). */
async function seedDemoQuiz(tx: Tx, owner: number | null): Promise<number> {
  const [quiz] = await tx
    .insert(assessments)
    .values({
      title: DEMO_QUIZ_TITLE,
      description: 'Two questions on the tour. Three attempts; the correct answers are shown at the end.',
      kind: 'quiz',
      status: 'published',
      pass_mark: 100,
      max_attempts: 3,
      retake_wait_minutes: 0,
      scoring: 'best',
      show_correct_answers: true,
      created_by: owner,
    })
    .returning({ id: assessments.assessment_id });
  await tx.insert(assessmentQuestions).values(
    QUIZ_QUESTIONS.map((question, position) => ({
      assessment_id: quiz!.id,
      question_type: 'single_choice' as const,
      prompt: question.prompt,
      options: question.options,
      correct_options: [question.correct],
      position,
    })),
  );
  return quiz!.id;
}

/**
 * A short published platform program, so a new learner finds something to enrol in, ending with a quiz
 * that can be retaken (idempotent). It belongs to the first platform administrator: teachers read it
 * but do not edit it (issue 23, point 9).
 */
export async function seedDemoProgram(tx: Tx): Promise<number> {
  const [admin] = await tx
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.is_platform_admin, true), eq(users.is_deleted, false)))
    .orderBy(users.user_id)
    .limit(1);
  const owner = admin?.id ?? null;
  const [existing] = await tx
    .select({ id: programs.program_id, created_by: programs.created_by })
    .from(programs)
    .where(and(eq(programs.program_name, DEMO_PROGRAM_NAME), isNull(programs.tenant_id)));
  if (existing) {
    // Seeded before programs had owners: give it to the platform administrator.
    if (existing.created_by === null && owner !== null) {
      await tx.update(programs).set({ created_by: owner }).where(eq(programs.program_id, existing.id));
    }
    return 0;
  }
  const [program] = await tx
    .insert(programs)
    .values({
      created_by: owner,
      modified_by: owner,
      program_name: DEMO_PROGRAM_NAME,
      description: 'A ten-minute tour of the platform: roles, organisations, programs and certificates.',
      program_category: 'onboarding',
      status: 'published',
    })
    .returning({ id: programs.program_id });
  const quizId = await seedDemoQuiz(tx, owner);
  for (const [coursePosition, entry] of OUTLINE.entries()) {
    const [course] = await tx
      .insert(courses)
      .values({ program_id: program!.id, course_name: entry.course, position: coursePosition })
      .returning({ id: courses.course_id });
    for (const [modulePosition, part] of entry.modules.entries()) {
      const [module] = await tx
        .insert(modules)
        .values({ course_id: course!.id, module_name: part.module, position: modulePosition })
        .returning({ id: modules.module_id });
      await tx.insert(units).values(
        part.units.map(([name, html], position) => ({
          module_id: module!.id,
          unit_name: name,
          unit_type: 'text' as const,
          content: { html },
          position,
        })),
      );
      if (part.module === 'Your certificate') {
        await tx.insert(units).values({
          module_id: module!.id,
          unit_name: DEMO_QUIZ_UNIT,
          unit_type: 'assessment',
          content: { assessment_id: quizId },
          position: part.units.length,
        });
      }
    }
  }
  return 1;
}
