import {
  ASSESSMENT_API,
  type AuthoredKind,
  type AuthorPerson,
  type AuthorsAnswer,
  PROGRAM_API,
} from '@nexus/contracts';
import { api } from '../../../app/api';

const BASE: Record<AuthoredKind, string> = {
  program: `${PROGRAM_API}/authors`,
  assessment: `${ASSESSMENT_API}/authors`,
};

interface Target {
  kind: AuthoredKind;
  id: number;
}

const tag = ({ kind, id }: Target) => [{ type: 'Authors' as const, id: `${kind}-${id}` }];

/** A program's or an assessment's owner and co-authors (docs/learning.md "Authors"). */
export const coAuthorsApi = api.enhanceEndpoints({ addTagTypes: ['Authors'] }).injectEndpoints({
  endpoints: (build) => ({
    authors: build.query<AuthorsAnswer, Target>({
      query: ({ kind, id }) => ({ url: `${BASE[kind]}/getAuthors/${id}` }),
      transformResponse: (body: { data: AuthorsAnswer }) => body.data,
      providesTags: (_r, _e, target) => tag(target),
    }),
    authorCandidates: build.query<AuthorPerson[], Target & { search: string }>({
      query: ({ kind, id, search }) => ({ url: `${BASE[kind]}/searchPeople/${id}`, params: { search } }),
      transformResponse: (body: { data: AuthorPerson[] }) => body.data,
      providesTags: (_r, _e, target) => tag(target),
    }),
    addAuthor: build.mutation<AuthorsAnswer, Target & { userId: number }>({
      query: ({ kind, id, userId }) => ({
        url: `${BASE[kind]}/addAuthor/${id}`,
        method: 'POST',
        data: { user_id: userId },
      }),
      transformResponse: (body: { data: AuthorsAnswer }) => body.data,
      invalidatesTags: (_r, _e, target) => tag(target),
    }),
    removeAuthor: build.mutation<AuthorsAnswer, Target & { userId: number }>({
      query: ({ kind, id, userId }) => ({
        url: `${BASE[kind]}/removeAuthor/${id}/${userId}`,
        method: 'DELETE',
      }),
      transformResponse: (body: { data: AuthorsAnswer }) => body.data,
      invalidatesTags: (_r, _e, target) => tag(target),
    }),
  }),
});

export const { useAuthorsQuery, useAuthorCandidatesQuery, useAddAuthorMutation, useRemoveAuthorMutation } =
  coAuthorsApi;
