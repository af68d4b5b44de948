import {
  DIARY_API,
  type DiaryEntry,
  type DiaryEntryCreate,
  type DiaryEntryUpdate,
  type ListMeta,
  NOTES_API,
  type Note,
  type NoteCreate,
  type NoteTagCount,
  type NoteUpdate,
} from '@nexus/contracts';
import { api } from '../../app/api';

export interface Page<T> {
  data: T[];
  meta: ListMeta;
}

export interface NoteListArgs {
  page: number;
  search: string;
  tag: string | null;
}

export interface DiaryListArgs {
  page: number;
  /** One day (`YYYY-MM-DD`), or every day. */
  date: string | null;
}

export const NOTES_PAGE_SIZE = 10;
export const DIARY_PAGE_SIZE = 10;

/** Notes and the diary (issue 22 point 5): the caller's own, never anyone else's. */
export const personalApi = api.enhanceEndpoints({ addTagTypes: ['Notes', 'Diary'] }).injectEndpoints({
  endpoints: (build) => ({
    notes: build.query<Page<Note>, NoteListArgs>({
      query: ({ page, search, tag }) => ({
        url: `${NOTES_API}/getNotes`,
        params: {
          page,
          limit: NOTES_PAGE_SIZE,
          ...(search.trim() ? { search: search.trim() } : {}),
          ...(tag ? { tag } : {}),
        },
      }),
      providesTags: ['Notes'],
    }),
    noteTags: build.query<NoteTagCount[], void>({
      query: () => ({ url: `${NOTES_API}/getNoteTags` }),
      transformResponse: (body: { data?: NoteTagCount[] }) => body.data ?? [],
      providesTags: ['Notes'],
    }),
    createNote: build.mutation<{ data: Note }, NoteCreate>({
      query: (data) => ({ url: `${NOTES_API}/createNote`, method: 'POST', data }),
      invalidatesTags: ['Notes'],
    }),
    updateNote: build.mutation<{ data: Note }, { id: number; changes: NoteUpdate }>({
      query: ({ id, changes }) => ({ url: `${NOTES_API}/updateNote/${id}`, method: 'PUT', data: changes }),
      invalidatesTags: ['Notes'],
    }),
    deleteNote: build.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `${NOTES_API}/deleteNote/${id}/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Notes'],
    }),
    diaryEntries: build.query<Page<DiaryEntry>, DiaryListArgs>({
      query: ({ page, date }) => ({
        url: `${DIARY_API}/getDiaryEntries`,
        params: {
          page,
          limit: DIARY_PAGE_SIZE,
          ...(date ? { filterFields: JSON.stringify({ entry_date: date }) } : {}),
        },
      }),
      providesTags: ['Diary'],
    }),
    createDiaryEntry: build.mutation<{ data: DiaryEntry }, DiaryEntryCreate>({
      query: (data) => ({ url: `${DIARY_API}/createDiaryEntry`, method: 'POST', data }),
      invalidatesTags: ['Diary'],
    }),
    updateDiaryEntry: build.mutation<{ data: DiaryEntry }, { id: number; changes: DiaryEntryUpdate }>({
      query: ({ id, changes }) => ({
        url: `${DIARY_API}/updateDiaryEntry/${id}`,
        method: 'PUT',
        data: changes,
      }),
      invalidatesTags: ['Diary'],
    }),
    deleteDiaryEntry: build.mutation<unknown, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `${DIARY_API}/deleteDiaryEntry/${id}/${userId}`, method: 'DELETE' }),
      invalidatesTags: ['Diary'],
    }),
  }),
});

export const {
  useNotesQuery,
  useNoteTagsQuery,
  useCreateNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  useDiaryEntriesQuery,
  useCreateDiaryEntryMutation,
  useUpdateDiaryEntryMutation,
  useDeleteDiaryEntryMutation,
} = personalApi;
