import {
  REGISTRATION_MESSAGES,
  type RegistrationRecord,
  type RegistrationSubmitResult,
} from '@nexus/contracts';
import { api } from '../../app/api';
import { type HttpQueryError, httpBaseQuery } from '../../shared/api/base-api';

const BASE = '/api/registration/forms';

export interface RegistrationArgs {
  roleType: string;
  values: Record<string, unknown>;
}

const registrationApi = api.enhanceEndpoints({ addTagTypes: ['Registration'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * The caller's saved form, or null when none is saved yet (the server answers data null; an older
     * server's "not started" 404 reads the same). The
     * user id is only part of the cache key, so a second account in the same tab never sees the first's.
     */
    getRegistration: build.query<RegistrationRecord | null, { roleType: string; userId: number }>({
      async queryFn({ roleType }, queryApi, extraOptions) {
        const result = await httpBaseQuery(
          { url: `${BASE}/getRegistration/${encodeURIComponent(roleType)}` },
          queryApi,
          extraOptions,
        );
        if (result.error) {
          const error = result.error as HttpQueryError;
          if (error.status === 404 && error.message === REGISTRATION_MESSAGES.notStarted)
            return { data: null };
          return { error };
        }
        return { data: (result.data as { data: RegistrationRecord | null }).data ?? null };
      },
      providesTags: (_result, _error, { roleType }) => [{ type: 'Registration', id: roleType }],
    }),
    saveRegistrationDraft: build.mutation<RegistrationRecord, RegistrationArgs>({
      query: ({ roleType, values }) => ({
        url: `${BASE}/saveDraft/${encodeURIComponent(roleType)}`,
        method: 'PUT',
        data: values,
      }),
      transformResponse: (body: { data: RegistrationRecord }) => body.data,
      invalidatesTags: (_result, _error, { roleType }) => [{ type: 'Registration', id: roleType }],
    }),
    submitRegistration: build.mutation<RegistrationSubmitResult, RegistrationArgs>({
      query: ({ roleType, values }) => ({
        url: `${BASE}/submit/${encodeURIComponent(roleType)}`,
        method: 'POST',
        data: values,
      }),
      transformResponse: (body: { data: RegistrationSubmitResult }) => body.data,
      invalidatesTags: (_result, _error, { roleType }) => [{ type: 'Registration', id: roleType }, 'User'],
    }),
  }),
});

export const { useGetRegistrationQuery, useSaveRegistrationDraftMutation, useSubmitRegistrationMutation } =
  registrationApi;
