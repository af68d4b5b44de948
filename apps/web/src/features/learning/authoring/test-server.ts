import { AxiosError, AxiosHeaders, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { vi } from 'vitest';
import { http } from '../../../shared/api/http';
import { initialAuthState } from '../../../shared/session/auth-slice';

// jsdom has no FontFaceSet; Mantine's autosize Textarea listens on it for web-font loads.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/** A teacher on the main platform: authors programs that belong to the whole platform. */
export const teacher = {
  auth: {
    ...initialAuthState,
    isLoggedIn: true,
    user: {
      user_id: 7,
      username: 'tess',
      roles: [{ role_id: 14, role_name: 'teacher', role_view: 'user' as const, display_name: 'Teacher' }],
    },
  },
};

const stamps = {
  created_by: 7,
  modified_by: 7,
  created_at: '2026-11-01T00:00:00Z',
  modified_at: '2026-11-01T00:00:00Z',
  is_deleted: false,
};

export function unit(unit_id: number, unit_name: string, unit_type = 'text', content: object = {}) {
  return { unit_id, module_id: 10, unit_name, unit_type, content, is_required: true, position: unit_id % 10 };
}

/** Program 5, a draft: course 1 (module 10 with units 100 and 101) and course 2 (no modules). */
export function programTree() {
  return {
    program_id: 5,
    tenant_id: null,
    program_name: 'Data Science Foundations',
    description: 'Two courses',
    program_category: 'data',
    status: 'draft',
    start_date: null,
    end_date: null,
    image_url: null,
    ...stamps,
    program_course: [
      {
        course_id: 1,
        program_id: 5,
        course_name: 'Statistics',
        description: '',
        position: 0,
        course_module: [
          {
            module_id: 10,
            course_id: 1,
            module_name: 'Basics',
            description: '',
            position: 0,
            module_unit: [
              unit(100, 'Welcome', 'text', { html: '<p>Hello</p>' }),
              unit(101, 'Practice', 'video'),
            ],
          },
        ],
      },
      { course_id: 2, program_id: 5, course_name: 'Python', description: '', position: 1, course_module: [] },
    ],
  };
}

type Tree = ReturnType<typeof programTree>;

/** Applies an updateMany of positions to the tree, as the server would before the refetch. */
function reorderTree(tree: Tree, items: Record<string, number>[]) {
  const position = (key: string, id: number, fallback: number) =>
    items.find((item) => item[key] === id)?.position ?? fallback;
  tree.program_course.sort(
    (a, b) => position('course_id', a.course_id, a.position) - position('course_id', b.course_id, b.position),
  );
  for (const course of tree.program_course) {
    course.position = position('course_id', course.course_id, course.position);
    for (const module of course.course_module) {
      module.module_unit.sort(
        (a, b) => position('unit_id', a.unit_id, a.position) - position('unit_id', b.unit_id, b.position),
      );
      for (const item of module.module_unit) item.position = position('unit_id', item.unit_id, item.position);
    }
  }
}

/** What axios rejects with when the server answers with an error body. */
export function serverError(status: number, message: string): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      data: { message, code: 'BAD_REQUEST' },
      headers: {},
      config,
    },
  );
}

type Handler = (config: AxiosRequestConfig) => unknown;

type Person = { user_id: number; username: string; first_name: string | null; last_name: string | null };
/** The teacher (7, the owner of program 5) and two colleagues who may become co-authors. */
export const PEOPLE: Person[] = [
  { user_id: 7, username: 'tess', first_name: 'Tess', last_name: 'Teacher' },
  { user_id: 8, username: 'tom', first_name: 'Tom', last_name: 'Tutor' },
  { user_id: 9, username: 'tina', first_name: null, last_name: null },
];

/**
 * Mocks only the network: answers the authoring calls from a program tree, records every call, and
 * lets a test override one path (a failure, another answer) by a substring of its URL.
 */
export function mockAuthoringServer(overrides: Record<string, Handler> = {}) {
  const calls: AxiosRequestConfig[] = [];
  const tree = programTree();
  const authors = { owner: PEOPLE[0] as Person, co_authors: [] as Person[], can_manage: true };
  vi.spyOn(http, 'request').mockImplementation(async (config: AxiosRequestConfig) => {
    calls.push(config);
    const url = config.url ?? '';
    // A copy: RTK Query freezes what it caches, and the tree changes as the test goes on.
    const reply = (data: unknown) => ({ data: structuredClone(data) }) as AxiosResponse;
    for (const [part, handler] of Object.entries(overrides)) {
      // Awaited, so a test can hold a call in flight with a handler that returns a promise.
      if (url.includes(part)) return reply(await handler(config));
    }
    if (url.endsWith('/authors/getEditablePrograms')) {
      return reply({
        data: [{ ...tree, access: 'owner' }],
        meta: { page: 1, limit: 10, total: 1, totalPages: 1, totalExact: true },
      });
    }
    if (url.includes('/authors/getAuthors/')) return reply({ data: authors });
    if (url.includes('/authors/searchPeople/')) {
      const search = String((config.params as { search?: string })?.search ?? '');
      const taken = new Set(authors.co_authors.map((person) => person.user_id));
      return reply({
        data: PEOPLE.filter((person) => person.username.includes(search) && !taken.has(person.user_id)),
      });
    }
    if (url.includes('/authors/addAuthor/')) {
      const userId = (config.data as { user_id: number }).user_id;
      authors.co_authors.push(PEOPLE.find((person) => person.user_id === userId) as Person);
      return reply({ data: authors });
    }
    if (url.includes('/authors/removeAuthor/')) {
      const userId = Number(url.split('/').pop());
      authors.co_authors = authors.co_authors.filter((person) => person.user_id !== userId);
      return reply({ data: authors });
    }
    if (url.endsWith('/getCompleteProgram/5')) return reply({ data: tree });
    if (url.endsWith('/createProgram')) return reply({ data: { ...tree, program_id: 5 } });
    if (url.includes('/programs/update/5')) {
      Object.assign(tree, config.data, { modified_at: new Date().toISOString() });
      return reply({ data: tree });
    }
    if (url.endsWith('/createCourse')) {
      const body = config.data as { course_name: string; position: number };
      tree.program_course.push({ course_id: 3, program_id: 5, description: '', course_module: [], ...body });
      return reply({ data: body });
    }
    if (url.endsWith('/createModule') || url.endsWith('/createUnit')) return reply({ data: config.data });
    if (url.endsWith('/updateMany')) {
      reorderTree(tree, config.data as Record<string, number>[]);
      return reply({ data: config.data });
    }
    if (url.includes('/units/update/')) return reply({ data: config.data });
    if (url.endsWith('/assessments/getAll')) {
      return reply({
        data: [
          { assessment_id: 31, title: 'Statistics quiz', kind: 'quiz', status: 'published' },
          { assessment_id: 32, title: 'Python check', kind: 'quiz', status: 'draft' },
        ],
        meta: { page: 1, limit: 50, total: 2, totalPages: 1, totalExact: true },
      });
    }
    throw new Error(`unexpected ${config.method ?? 'GET'} ${url}`);
  });
  return { calls, tree, authors };
}
