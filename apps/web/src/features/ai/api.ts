import {
  AI_API,
  type ProviderTrial,
  type SuggestionCategory,
  type SuggestionSet,
  type TryProviderBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

/** AI suggestions (issue 20 point 3): one set per call, and the administrators' provider test. */
export const aiApi = api.injectEndpoints({
  endpoints: (build) => ({
    suggestionSet: build.query<SuggestionSet, { category: SuggestionCategory; set: number }>({
      query: ({ category, set }) => ({ url: `${AI_API}/getSuggestions`, params: { category, set } }),
      transformResponse: (body: { data: SuggestionSet }) => body.data,
      // Every set is asked for once and then kept in the suggestion state, not in the cache.
      keepUnusedDataFor: 0,
    }),
    tryProvider: build.mutation<ProviderTrial, TryProviderBody>({
      query: (data) => ({ url: `${AI_API}/tryProvider`, method: 'POST', data }),
      transformResponse: (body: { data: ProviderTrial }) => body.data,
    }),
  }),
});

export const { useLazySuggestionSetQuery, useTryProviderMutation } = aiApi;
