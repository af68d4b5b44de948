import {
  course,
  courseBulkDelete,
  courseCreate,
  courseUpdate,
  courseUpdateItem,
  enrollment,
  enrollmentBulkDelete,
  enrollmentCreate,
  enrollmentUpdate,
  enrollmentUpdateItem,
  learningModule,
  moduleBulkDelete,
  moduleCreate,
  moduleUpdate,
  moduleUpdateItem,
  PROGRAM_API,
  program,
  programBulkDelete,
  programCreate,
  programUpdate,
  programUpdateItem,
  unit,
  unitBulkDelete,
  unitCreate,
  unitUpdate,
  unitUpdateItem,
} from '@nexus/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { courses, modules, programEnrollments, programs, units } from '../../db/schema';
import type { Actor, Policy } from '../../http/policy';
import { isTeacher, isTenantAdmin } from '../../http/policy';
import type { ResourceDefinition } from '../../http/resource-types';

/** Teachers and admins build programs (issue 5, part 3); every signed-in member reads the catalogue. */
export const authoringPolicies = {
  read: 'signedIn',
  write: { anyOf: ['platformAdmin', 'tenantAdmin', 'teacher'] },
} as const satisfies { read: Policy; write: Policy };

/** Authors see every enrolment of their scope; a learner sees and changes only their own. */
export function authors(actor: Actor): boolean {
  return actor.isPlatformAdmin || isTenantAdmin(actor) || isTeacher(actor);
}

type Audited = typeof programs | typeof courses | typeof modules | typeof units | typeof programEnrollments;
const audit = (table: Audited): Record<string, PgColumn> => ({
  created_by: table.created_by,
  modified_by: table.modified_by,
  created_at: table.created_at,
  modified_at: table.modified_at,
  is_deleted: table.is_deleted,
});

/** Spec section 7: the generic verbs under /api/program/{resource}/ with getAll and update/{id}. */
const verbs = (entity: string) => ({
  list: 'getAll',
  get: `get${entity}`,
  create: `create${entity}`,
  update: 'update',
  delete: 'delete',
});

export const programsResource: ResourceDefinition = {
  entity: 'Program',
  basePath: `${PROGRAM_API}/programs`,
  verbPaths: verbs('Program'),
  table: programs,
  idColumn: 'program_id',
  bulkIdsKey: 'program_ids',
  columns: {
    program_id: programs.program_id,
    tenant_id: programs.tenant_id,
    program_name: programs.program_name,
    description: programs.description,
    program_category: programs.program_category,
    status: programs.status,
    start_date: programs.start_date,
    end_date: programs.end_date,
    image_url: programs.image_url,
    ...audit(programs),
  },
  searchable: ['program_name', 'program_category'],
  defaultSort: 'created_at',
  schemas: {
    item: program,
    create: programCreate,
    update: programUpdate,
    updateItem: programUpdateItem,
    bulkDelete: programBulkDelete,
  },
  policies: authoringPolicies,
  tenant: { column: programs.tenant_id, shared: true },
  // Drafts are their authors' until published.
  readFilter: { applies: (actor) => !authors(actor), where: eq(programs.status, 'published') },
  // Dates arrive as ISO strings (spec section 7) and are stored as timestamps.
  toRow: (input) => {
    const row = { ...input };
    for (const key of ['start_date', 'end_date']) {
      if (typeof row[key] === 'string') row[key] = new Date(row[key] as string);
    }
    return row;
  },
  tags: ['programs'],
};

/**
 * A course, module or unit is read only while every level above it is live, and, for a learner, while
 * its program is published (drafts stay with their authors, like the program itself). One correlated
 * lookup per row through the parents' primary keys, inside the list's single statement; `offset 0`
 * keeps it a subquery, so the parents are read under the statement's row-level-security scope.
 */
function liveParents(level: 'course' | 'module' | 'unit') {
  const chain = (published: boolean): SQL => {
    const status = published ? sql` and p.status = 'published'` : sql``;
    if (level === 'course') {
      return sql`exists (select 1 from ${programs} p
        where p.program_id = ${courses.program_id} and p.is_deleted = false${status} offset 0)`;
    }
    const fromCourse = sql`${courses} c join ${programs} p on p.program_id = c.program_id`;
    if (level === 'module') {
      return sql`exists (select 1 from ${fromCourse}
        where c.course_id = ${modules.course_id} and c.is_deleted = false and p.is_deleted = false${status} offset 0)`;
    }
    return sql`exists (select 1 from ${modules} m join ${fromCourse} on c.course_id = m.course_id
      where m.module_id = ${units.module_id} and m.is_deleted = false and c.is_deleted = false
        and p.is_deleted = false${status} offset 0)`;
  };
  return { applies: (actor: Actor) => !authors(actor), where: chain(true), otherwise: chain(false) };
}

export const coursesResource: ResourceDefinition = {
  entity: 'Course',
  basePath: `${PROGRAM_API}/courses`,
  verbPaths: verbs('Course'),
  table: courses,
  idColumn: 'course_id',
  bulkIdsKey: 'course_ids',
  columns: {
    course_id: courses.course_id,
    program_id: courses.program_id,
    course_name: courses.course_name,
    description: courses.description,
    position: courses.position,
    ...audit(courses),
  },
  searchable: ['course_name'],
  defaultSort: 'position',
  schemas: {
    item: course,
    create: courseCreate,
    update: courseUpdate,
    updateItem: courseUpdateItem,
    bulkDelete: courseBulkDelete,
  },
  policies: authoringPolicies,
  tenant: { column: courses.tenant_id, shared: true },
  readFilter: liveParents('course'),
  tags: ['courses'],
};

export const modulesResource: ResourceDefinition = {
  entity: 'Module',
  basePath: `${PROGRAM_API}/modules`,
  verbPaths: verbs('Module'),
  table: modules,
  idColumn: 'module_id',
  bulkIdsKey: 'module_ids',
  columns: {
    module_id: modules.module_id,
    course_id: modules.course_id,
    module_name: modules.module_name,
    description: modules.description,
    position: modules.position,
    ...audit(modules),
  },
  searchable: ['module_name'],
  defaultSort: 'position',
  schemas: {
    item: learningModule,
    create: moduleCreate,
    update: moduleUpdate,
    updateItem: moduleUpdateItem,
    bulkDelete: moduleBulkDelete,
  },
  policies: authoringPolicies,
  tenant: { column: modules.tenant_id, shared: true },
  readFilter: liveParents('module'),
  tags: ['modules'],
};

export const unitsResource: ResourceDefinition = {
  entity: 'Unit',
  basePath: `${PROGRAM_API}/units`,
  verbPaths: verbs('Unit'),
  table: units,
  idColumn: 'unit_id',
  bulkIdsKey: 'unit_ids',
  columns: {
    unit_id: units.unit_id,
    module_id: units.module_id,
    unit_name: units.unit_name,
    unit_type: units.unit_type,
    content: units.content,
    is_required: units.is_required,
    position: units.position,
    ...audit(units),
  },
  searchable: ['unit_name'],
  defaultSort: 'position',
  schemas: {
    item: unit,
    create: unitCreate,
    update: unitUpdate,
    updateItem: unitUpdateItem,
    bulkDelete: unitBulkDelete,
  },
  policies: authoringPolicies,
  tenant: { column: units.tenant_id, shared: true },
  readFilter: liveParents('unit'),
  tags: ['units'],
};

export const enrollmentsResource: ResourceDefinition = {
  entity: 'EnrolledProgram',
  basePath: `${PROGRAM_API}/programs-enrolled`,
  verbPaths: {
    list: 'getAll',
    get: 'getEnrolledProgram',
    create: 'createProgramEnrolled',
    update: 'update',
    delete: 'delete',
  },
  table: programEnrollments,
  idColumn: 'enrollment_id',
  bulkIdsKey: 'enrollment_ids',
  columns: {
    enrollment_id: programEnrollments.enrollment_id,
    program_id: programEnrollments.program_id,
    user_id: programEnrollments.user_id,
    status: programEnrollments.status,
    selected_unit_id: programEnrollments.selected_unit_id,
    completed_at: programEnrollments.completed_at,
    ...audit(programEnrollments),
  },
  searchable: [],
  schemas: {
    item: enrollment,
    create: enrollmentCreate,
    update: enrollmentUpdate,
    updateItem: enrollmentUpdateItem,
    bulkDelete: enrollmentBulkDelete,
  },
  policies: { read: 'signedIn', write: 'signedIn' },
  // An enrolment follows the program's scope; the learner finds a platform one inside any tenant.
  tenant: { column: programEnrollments.tenant_id, ownPlatformRows: true },
  owner: { column: programEnrollments.user_id, field: 'user_id', exempt: authors },
  tags: ['programs-enrolled'],
};
