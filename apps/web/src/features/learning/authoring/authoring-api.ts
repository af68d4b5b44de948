import {
  ASSESSMENT_API,
  type Assessment,
  type AuthorAccess,
  type Course,
  type LearningModule,
  PROGRAM_API,
  type Program,
  type Unit,
  type UnitContent,
  type UnitType,
} from '@nexus/contracts';
import { learningApi, type ProgramPage } from '../learning-api';
import { applyOrder } from './outline-order';

/** The three levels under a program; each is a generic resource at /api/program/{level}/. */
export type OutlineLevel = 'courses' | 'modules' | 'units';

const ID_KEY = { courses: 'course_id', modules: 'module_id', units: 'unit_id' } as const;
const NAME_KEY = { courses: 'course_name', modules: 'module_name', units: 'unit_name' } as const;
const CREATE_VERB = { courses: 'createCourse', modules: 'createModule', units: 'createUnit' } as const;
const PARENT_KEY = { courses: 'program_id', modules: 'course_id', units: 'module_id' } as const;

export interface AuthoredProgramsQuery {
  page: number;
  limit: number;
  search?: string;
}

/** A program the caller may edit, and why: its owner, a co-author, or an administrator of its scope. */
export type EditableProgram = Program & { access: AuthorAccess };
export interface EditableProgramPage extends Omit<ProgramPage, 'data'> {
  data: EditableProgram[];
}

export type ProgramChanges = Partial<
  Pick<
    Program,
    'program_name' | 'description' | 'program_category' | 'status' | 'start_date' | 'end_date' | 'image_url'
  >
>;

export interface NewOutlineItem {
  programId: number;
  level: OutlineLevel;
  parentId: number;
  name: string;
  position: number;
  unitType?: UnitType;
}

export interface UnitChanges {
  unit_name?: string;
  unit_type?: UnitType;
  content?: UnitContent;
  is_required?: boolean;
}

/** One reorder: every sibling's new position, written in one updateMany call (all or none). */
export interface Reorder {
  programId: number;
  level: OutlineLevel;
  ids: number[];
}

const treeTag = (programId: number) => [{ type: 'Program' as const, id: programId }, 'Program' as const];

/**
 * The author's side of /api/program (docs/learning.md): programs of the caller's scope including
 * drafts, and the courses, modules and units under them. Every change refetches the program tree.
 */
export const authoringApi = learningApi.injectEndpoints({
  endpoints: (build) => ({
    // Only what the caller may change, of its own scope (docs/learning.md "Authors"), newest change first.
    authoredPrograms: build.query<EditableProgramPage, AuthoredProgramsQuery>({
      query: ({ page, limit, search }) => ({
        url: `${PROGRAM_API}/authors/getEditablePrograms`,
        params: { page, limit, ...(search ? { search } : {}) },
      }),
      providesTags: ['Program'],
    }),
    createProgram: build.mutation<Program, ProgramChanges & { program_name: string }>({
      query: (data) => ({ url: `${PROGRAM_API}/programs/createProgram`, method: 'POST', data }),
      transformResponse: (body: { data: Program }) => body.data,
      invalidatesTags: ['Program'],
    }),
    updateProgram: build.mutation<Program, { programId: number; changes: ProgramChanges }>({
      query: ({ programId, changes }) => ({
        url: `${PROGRAM_API}/programs/update/${programId}`,
        method: 'PUT',
        data: changes,
      }),
      transformResponse: (body: { data: Program }) => body.data,
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    deleteProgram: build.mutation<unknown, { programId: number; userId: number }>({
      query: ({ programId, userId }) => ({
        url: `${PROGRAM_API}/programs/delete/${programId}/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Program'],
    }),
    addOutlineItem: build.mutation<Course | LearningModule | Unit, NewOutlineItem>({
      query: ({ level, parentId, name, position, unitType }) => ({
        url: `${PROGRAM_API}/${level}/${CREATE_VERB[level]}`,
        method: 'POST',
        data: {
          [PARENT_KEY[level]]: parentId,
          [NAME_KEY[level]]: name,
          position,
          ...(level === 'units' ? { unit_type: unitType ?? 'text', content: {} } : {}),
        },
      }),
      transformResponse: (body: { data: Course | LearningModule | Unit }) => body.data,
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    renameOutlineItem: build.mutation<
      unknown,
      { programId: number; level: OutlineLevel; id: number; name: string }
    >({
      query: ({ level, id, name }) => ({
        url: `${PROGRAM_API}/${level}/update/${id}`,
        method: 'PUT',
        data: { [NAME_KEY[level]]: name },
      }),
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    deleteOutlineItem: build.mutation<
      unknown,
      { programId: number; level: OutlineLevel; id: number; userId: number }
    >({
      query: ({ level, id, userId }) => ({
        url: `${PROGRAM_API}/${level}/delete/${id}/${userId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    reorderOutline: build.mutation<unknown, Reorder>({
      query: ({ level, ids }) => ({
        url: `${PROGRAM_API}/${level}/updateMany`,
        method: 'POST',
        data: ids.map((id, position) => ({ [ID_KEY[level]]: id, position })),
      }),
      // The outline shows the new order at once; a failure undoes it and the refetch brings the truth.
      async onQueryStarted({ programId, level, ids }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          learningApi.util.updateQueryData('programTree', programId, (tree) => {
            if (level === 'courses') applyOrder(tree.program_course, (c) => c.course_id, ids);
            for (const course of tree.program_course) {
              if (level === 'modules') applyOrder(course.course_module, (m) => m.module_id, ids);
              for (const module of course.course_module) {
                if (level === 'units') applyOrder(module.module_unit, (u) => u.unit_id, ids);
              }
            }
          }),
        );
        queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    updateUnit: build.mutation<Unit, { programId: number; unitId: number; changes: UnitChanges }>({
      query: ({ unitId, changes }) => ({
        url: `${PROGRAM_API}/units/update/${unitId}`,
        method: 'PUT',
        data: changes,
      }),
      transformResponse: (body: { data: Unit }) => body.data,
      invalidatesTags: (_r, _e, { programId }) => treeTag(programId),
    }),
    /** Assessments the author can see (their own drafts too), for an assessment unit. */
    assessmentChoices: build.query<Assessment[], string>({
      query: (search) => ({
        url: `${ASSESSMENT_API}/assessments/getAll`,
        params: {
          page: 1,
          limit: 50,
          fields: 'assessment_id,title,kind,status',
          ...(search ? { search, searchFields: JSON.stringify(['title']) } : {}),
        },
      }),
      transformResponse: (body: { data: Assessment[] }) => body.data,
    }),
  }),
});

export const {
  useAuthoredProgramsQuery,
  useCreateProgramMutation,
  useUpdateProgramMutation,
  useDeleteProgramMutation,
  useAddOutlineItemMutation,
  useRenameOutlineItemMutation,
  useDeleteOutlineItemMutation,
  useReorderOutlineMutation,
  useUpdateUnitMutation,
  useAssessmentChoicesQuery,
} = authoringApi;
