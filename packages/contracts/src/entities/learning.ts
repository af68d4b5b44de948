import { z } from 'zod';
import { webUrl } from '../urls';
import { videoAddressProblem } from '../video';
import { auditFields, bulkIds, ignoredAuditInput } from './audit';

export { PROGRAM_API } from '../api-paths';
export const PROGRAM_STATUSES = ['draft', 'published'] as const;
export const UNIT_TYPES = ['text', 'video', 'document', 'assessment', 'live_session'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

const isoDate = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date and time.' });
const name = z.string().trim().min(1).max(200);
const text = z.string().max(20_000);
const position = z.number().int().min(0).max(100_000);
const parentId = z.number().int().positive().max(2_147_483_647);

/** Spec section 3 "Program hierarchy": a program of a tenant (null: the whole platform). */
export const program = z.object({
  program_id: z.number().int(),
  tenant_id: z.number().int().nullable(),
  program_name: z.string(),
  description: z.string(),
  program_category: z.string(),
  status: z.enum(PROGRAM_STATUSES),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  image_url: z.string().nullable(),
  ...auditFields,
});
export type Program = z.infer<typeof program>;

const programFields = {
  program_name: name,
  description: text.optional(),
  program_category: z.string().trim().min(1).max(60).optional(),
  status: z.enum(PROGRAM_STATUSES).optional(),
  start_date: isoDate.nullable().optional(),
  end_date: isoDate.nullable().optional(),
  image_url: webUrl(500).nullable().optional(),
};
export const programCreate = z.object({ ...programFields, ...ignoredAuditInput }).strict();
export const programUpdate = z
  .object({ ...programFields, program_name: name.optional(), ...ignoredAuditInput })
  .strict();
export const programUpdateItem = programUpdate.extend({ program_id: parentId }).strict();
export const programBulkDelete = z.object({ program_ids: bulkIds, ...ignoredAuditInput }).strict();

export const course = z.object({
  course_id: z.number().int(),
  program_id: z.number().int(),
  course_name: z.string(),
  description: z.string(),
  position: z.number().int(),
  ...auditFields,
});
export type Course = z.infer<typeof course>;
const courseFields = {
  program_id: parentId,
  course_name: name,
  description: text.optional(),
  position: position.optional(),
};
export const courseCreate = z.object({ ...courseFields, ...ignoredAuditInput }).strict();
export const courseUpdate = z
  .object({
    course_name: name.optional(),
    description: text.optional(),
    position: position.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export const courseUpdateItem = courseUpdate.extend({ course_id: parentId }).strict();
export const courseBulkDelete = z.object({ course_ids: bulkIds, ...ignoredAuditInput }).strict();

export const learningModule = z.object({
  module_id: z.number().int(),
  course_id: z.number().int(),
  module_name: z.string(),
  description: z.string(),
  position: z.number().int(),
  ...auditFields,
});
export type LearningModule = z.infer<typeof learningModule>;
const moduleFields = {
  course_id: parentId,
  module_name: name,
  description: text.optional(),
  position: position.optional(),
};
export const moduleCreate = z.object({ ...moduleFields, ...ignoredAuditInput }).strict();
export const moduleUpdate = z
  .object({
    module_name: name.optional(),
    description: text.optional(),
    position: position.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export const moduleUpdateItem = moduleUpdate.extend({ module_id: parentId }).strict();
export const moduleBulkDelete = z.object({ module_ids: bulkIds, ...ignoredAuditInput }).strict();

/** What a unit holds, by kind (issue 5, part 3). Text is sanitised on the server. */
export const unitContent = z
  .object({
    html: z.string().max(200_000).optional(),
    url: webUrl(1000).optional(),
    assessment_id: z.number().int().positive().optional(),
    starts_at: isoDate.optional(),
    ends_at: isoDate.optional(),
    batch_id: z.number().int().positive().optional(),
    schedule_id: z.number().int().positive().optional(),
  })
  .strict();
export type UnitContent = z.infer<typeof unitContent>;

export const unit = z.object({
  unit_id: z.number().int(),
  module_id: z.number().int(),
  unit_name: z.string(),
  unit_type: z.enum(UNIT_TYPES),
  content: z.record(z.string(), z.unknown()),
  is_required: z.boolean(),
  position: z.number().int(),
  ...auditFields,
});
export type Unit = z.infer<typeof unit>;
const unitFields = {
  module_id: parentId,
  unit_name: name,
  unit_type: z.enum(UNIT_TYPES).optional(),
  content: unitContent.optional(),
  is_required: z.boolean().optional(),
  position: position.optional(),
};
/**
 * A video unit's YouTube or Vimeo address must name one video (issue 23 point 4). Checked when the
 * body says the unit is a video (the unit editor always sends the kind); the player shows any address
 * it cannot embed as a link, so a body without the kind is not refused on a guess.
 */
function checkVideoAddress(
  value: { unit_type?: (typeof UNIT_TYPES)[number]; content?: { url?: string } },
  ctx: z.RefinementCtx,
) {
  const url = value.content?.url;
  if (!url || value.unit_type !== 'video') return;
  const problem = videoAddressProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', path: ['content', 'url'], message: problem });
}
export const unitCreate = z
  .object({ ...unitFields, ...ignoredAuditInput })
  .strict()
  .superRefine(checkVideoAddress);
const unitUpdateFields = z
  .object({
    unit_name: name.optional(),
    unit_type: z.enum(UNIT_TYPES).optional(),
    content: unitContent.optional(),
    is_required: z.boolean().optional(),
    position: position.optional(),
    ...ignoredAuditInput,
  })
  .strict();
export const unitUpdate = unitUpdateFields.superRefine(checkVideoAddress);
export const unitUpdateItem = unitUpdateFields
  .extend({ unit_id: parentId })
  .strict()
  .superRefine(checkVideoAddress);
export const unitBulkDelete = z.object({ unit_ids: bulkIds, ...ignoredAuditInput }).strict();

export const ENROLLMENT_STATUSES = ['active', 'completed', 'withdrawn'] as const;
/** Completion follows progress (the server's to decide); a status written by hand can only withdraw. */
export const ENROLLMENT_MESSAGES = {
  statusAuthorsOnly:
    "Only the program's authors and administrators change an enrolment's status; completion follows your progress.",
  statusOnlyWithdrawn:
    'An enrolment can only be set to withdrawn; completion follows the learner’s progress.',
} as const;
export const enrollment = z.object({
  enrollment_id: z.number().int(),
  program_id: z.number().int(),
  user_id: z.number().int(),
  status: z.enum(ENROLLMENT_STATUSES),
  selected_unit_id: z.number().int().nullable(),
  completed_at: z.string().nullable(),
  ...auditFields,
});
export type Enrollment = z.infer<typeof enrollment>;
/** Required units done out of all required units, and the rounded percentage. */
export const progressShare = z.object({
  done: z.number().int(),
  total: z.number().int(),
  percent: z.number(),
});
export type ProgressShare = z.infer<typeof progressShare>;

/**
 * getProgress/{programId} (issue 5, part 4): shares per program, course and module (keyed by id),
 * the unit to resume at, and the certificate once issued.
 */
export const programProgress = z.object({
  program_id: z.number().int(),
  enrolled: z.boolean(),
  status: z.enum(ENROLLMENT_STATUSES).nullable(),
  selected_unit_id: z.number().int().nullable(),
  completed_unit_ids: z.array(z.number().int()),
  program: progressShare,
  courses: z.record(z.string(), progressShare),
  modules: z.record(z.string(), progressShare),
  completed_at: z.string().nullable(),
  certificate: z.object({ public_key: z.string(), user_id: z.number().int() }).nullable(),
});
export type ProgramProgress = z.infer<typeof programProgress>;
/** The learner is the caller: a `user_id` in the body is ignored unless an admin enrols someone. */
export const enrollmentCreate = z
  .object({ program_id: parentId, user_id: parentId.optional(), ...ignoredAuditInput })
  .strict();
export const enrollmentUpdate = z
  .object({
    status: z.enum(ENROLLMENT_STATUSES).optional(),
    selected_unit_id: parentId.nullable().optional(),
    ...ignoredAuditInput,
  })
  .strict();
export const enrollmentUpdateItem = enrollmentUpdate.extend({ enrollment_id: parentId }).strict();
export const enrollmentBulkDelete = z.object({ enrollment_ids: bulkIds, ...ignoredAuditInput }).strict();

/** searchPrograms (spec section 7): page, limit, search, program_category and further filters. */
export const searchProgramsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    search: z.string().trim().max(200).optional(),
    program_category: z.string().trim().max(60).optional(),
    status: z.enum(PROGRAM_STATUSES).optional(),
    starts_after: isoDate.optional(),
    starts_before: isoDate.optional(),
  })
  .strict();
export type SearchProgramsQuery = z.input<typeof searchProgramsQuery>;

export type TreeUnit = Omit<Unit, keyof typeof auditFields>;
export type TreeModule = Omit<LearningModule, keyof typeof auditFields> & { module_unit: TreeUnit[] };
export type TreeCourse = Omit<Course, keyof typeof auditFields> & { course_module: TreeModule[] };

/**
 * The nested program of complete program loading (spec section 7). The levels below the program leave
 * out the audit columns: a 10 x 10 x 10 program is a thousand units, and nothing in the tree reads them.
 */
export interface ProgramTree extends Program {
  program_course: TreeCourse[];
}

const treeUnit = unit.omit({
  created_by: true,
  modified_by: true,
  created_at: true,
  modified_at: true,
  is_deleted: true,
});
const treeModule = learningModule
  .omit({ created_by: true, modified_by: true, created_at: true, modified_at: true, is_deleted: true })
  .extend({ module_unit: z.array(treeUnit) });
const treeCourse = course
  .omit({ created_by: true, modified_by: true, created_at: true, modified_at: true, is_deleted: true })
  .extend({ course_module: z.array(treeModule) });
/** getCompleteProgram's answer (see ProgramTree). */
export const programTreeEnvelope = z.object({
  data: program.extend({ program_course: z.array(treeCourse) }),
});

/** searchPrograms's answer: a page of programs, newest or best match first. */
export const programSearchPage = z.object({
  data: z.array(program),
  meta: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    totalExact: z.boolean(),
  }),
});

/** selectUnit's answer: where the learner resumes. */
export const unitSelected = z.object({ program_id: z.number().int(), selected_unit_id: z.number().int() });
