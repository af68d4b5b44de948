import type {
  ConfirmEmailChangeBody,
  EmailChanged,
  EmailChangeRequested,
  RequestEmailChangeBody,
} from '@nexus/contracts';
import { api } from '../../app/api';

export type { EmailChanged, EmailChangeRequested };

/** Verified email change (docs/identity.md): a code to the new address, then the code entered here. */
export const emailChangeApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestEmailChange: build.mutation<EmailChangeRequested, RequestEmailChangeBody>({
      query: (data) => ({ url: '/api/auth/requestEmailChange', method: 'POST', data }),
      transformResponse: (body: { data: EmailChangeRequested }) => body.data,
    }),
    confirmEmailChange: build.mutation<EmailChanged, ConfirmEmailChangeBody>({
      query: (data) => ({ url: '/api/auth/confirmEmailChange', method: 'POST', data }),
      transformResponse: (body: { data: EmailChanged }) => body.data,
    }),
  }),
});

export const { useRequestEmailChangeMutation, useConfirmEmailChangeMutation } = emailChangeApi;
