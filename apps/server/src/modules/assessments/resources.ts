import {
  ASSESSMENT_API,
  assessment,
  assessmentBulkDelete,
  assessmentCreate,
  assessmentUpdate,
  assessmentUpdateItem,
  question,
  questionBulkDelete,
  questionCreate,
  questionUpdate,
  questionUpdateItem,
} from '@nexus/contracts';
import { eq } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { assessmentQuestions, assessments } from '../../db/schema';
import type { ResourceDefinition } from '../../http/resource-types';
import { authoringPolicies, authors } from '../learning';

const audit = (table: typeof assessments | typeof assessmentQuestions): Record<string, PgColumn> => ({
  created_by: table.created_by,
  modified_by: table.modified_by,
  created_at: table.created_at,
  modified_at: table.modified_at,
  is_deleted: table.is_deleted,
});

/** /api/assessment/assessments/: the catalogue of quizzes and surveys, drafts for their authors only. */
export const assessmentsResource: ResourceDefinition = {
  entity: 'Assessment',
  basePath: `${ASSESSMENT_API}/assessments`,
  verbPaths: {
    list: 'getAll',
    get: 'getAssessment',
    create: 'createAssessment',
    update: 'update',
    delete: 'delete',
  },
  table: assessments,
  idColumn: 'assessment_id',
  bulkIdsKey: 'assessment_ids',
  columns: {
    assessment_id: assessments.assessment_id,
    tenant_id: assessments.tenant_id,
    title: assessments.title,
    description: assessments.description,
    kind: assessments.kind,
    status: assessments.status,
    pass_mark: assessments.pass_mark,
    institute_name: assessments.institute_name,
    max_attempts: assessments.max_attempts,
    retake_wait_minutes: assessments.retake_wait_minutes,
    scoring: assessments.scoring,
    show_correct_answers: assessments.show_correct_answers,
    ...audit(assessments),
  },
  searchable: ['title', 'description', 'institute_name'],
  defaultSort: 'created_at',
  schemas: {
    item: assessment,
    create: assessmentCreate,
    update: assessmentUpdate,
    updateItem: assessmentUpdateItem,
    bulkDelete: assessmentBulkDelete,
  },
  policies: authoringPolicies,
  tenant: { column: assessments.tenant_id, shared: true },
  readFilter: { applies: (actor) => !authors(actor), where: eq(assessments.status, 'published') },
  tags: ['assessments'],
};

/**
 * /api/assessment/questions/: authors only, since a question carries its correct options. Learners
 * read questions without them through take/getAttempt.
 */
export const questionsResource: ResourceDefinition = {
  entity: 'Question',
  basePath: `${ASSESSMENT_API}/questions`,
  verbPaths: {
    list: 'getAll',
    get: 'getQuestion',
    create: 'createQuestion',
    update: 'update',
    delete: 'delete',
  },
  table: assessmentQuestions,
  idColumn: 'question_id',
  bulkIdsKey: 'question_ids',
  columns: {
    question_id: assessmentQuestions.question_id,
    assessment_id: assessmentQuestions.assessment_id,
    question_type: assessmentQuestions.question_type,
    prompt: assessmentQuestions.prompt,
    options: assessmentQuestions.options,
    correct_options: assessmentQuestions.correct_options,
    rating_max: assessmentQuestions.rating_max,
    points: assessmentQuestions.points,
    is_required: assessmentQuestions.is_required,
    position: assessmentQuestions.position,
    ...audit(assessmentQuestions),
  },
  searchable: ['prompt'],
  defaultSort: 'position',
  schemas: {
    item: question,
    create: questionCreate,
    update: questionUpdate,
    updateItem: questionUpdateItem,
    bulkDelete: questionBulkDelete,
  },
  policies: { read: authoringPolicies.write, write: authoringPolicies.write },
  tenant: { column: assessmentQuestions.tenant_id, shared: true },
  tags: ['assessments'],
};
