import { z } from 'zod';
import { listMeta } from '../list-query';
import { MAX_ROW_ID } from '../path-params';
import { program } from './learning';

/**
 * Who may author what (issue 23, point 9; docs/learning.md "Authors"): a program or an assessment is
 * edited by its owner (`created_by`), its co-authors and the scope's administrators.
 */
export const AUTHORSHIP_MESSAGES = {
  notAuthor: (kind: AuthoredKind) =>
    `Only this ${kind}'s owner, its co-authors and the administrators of its scope can change it. Ask its owner to add you as a co-author.`,
  notOwner: (kind: AuthoredKind) =>
    `Only this ${kind}'s owner or an administrator of its scope can add or remove co-authors.`,
  notCandidate: 'no teacher of this scope has this id',
  alreadyAuthor: 'This person is already an author.',
  manageCustomRoles:
    'Creating, changing and deleting custom roles on the main platform needs the Custom roles privilege. Ask a platform administrator for it.',
} as const;

export const AUTHORED_KINDS = ['program', 'assessment'] as const;
export type AuthoredKind = (typeof AUTHORED_KINDS)[number];

/**
 * The menu whose privilege lets a system role manage custom roles on the main platform (docs/permissions.md);
 * platform administrators hold it by being platform administrators.
 */
export const MANAGE_CUSTOM_ROLES_PATH = '/admin-center?tab=custom-roles';

export const authorPerson = z.object({
  user_id: z.number().int(),
  username: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type AuthorPerson = z.infer<typeof authorPerson>;

/** `getAuthors/{id}`: the owner, the co-authors and what the caller may do with them. */
export const authorsAnswer = z.object({
  owner: authorPerson.nullable(),
  co_authors: z.array(authorPerson),
  /** The caller may add and remove co-authors (the owner or an administrator of the scope). */
  can_manage: z.boolean(),
});
export type AuthorsAnswer = z.infer<typeof authorsAnswer>;

export const addAuthorBody = z.object({ user_id: z.number().int().positive().max(MAX_ROW_ID) }).strict();
export const authorSearchQuery = z
  .object({ search: z.string().trim().max(100).optional().default('') })
  .strict();

/** `getEditablePrograms`: the programs the caller may change, newest change first. */
export const editableProgramsQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    limit: z.coerce.number().int().min(1).max(100).optional().default(10),
    search: z.string().trim().max(200).optional().default(''),
  })
  .strict();
/** Why the caller may edit a program or an assessment. */
export const AUTHOR_ACCESS = ['owner', 'co_author', 'admin'] as const;
export type AuthorAccess = (typeof AUTHOR_ACCESS)[number];

/** `getEditablePrograms`: a page of programs, each with why the caller may edit it. */
export const editableProgram = program.extend({ access: z.enum(AUTHOR_ACCESS) });
export type EditableProgram = z.infer<typeof editableProgram>;
export const editableProgramPage = z.object({ data: z.array(editableProgram), meta: listMeta });
