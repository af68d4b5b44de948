import {
  type CreateInvitationBody,
  INVITATIONS_API,
  type InvitationAccepted,
  type InvitationCreated,
  type InvitationItem,
  type InvitationList,
  type InvitationListQuery,
  type InvitationPreview,
} from '@nexus/contracts';
import { api } from '../../app/api';

/** Invitation links (server: /api/invitations, docs/profiles.md "Invitations"). */
export const invitationsApi = api.enhanceEndpoints({ addTagTypes: ['Invitation'] }).injectEndpoints({
  endpoints: (build) => ({
    getInvitation: build.query<InvitationPreview, string>({
      query: (token) => ({ url: `${INVITATIONS_API}/getInvitation/${token}` }),
      transformResponse: (body: { data: InvitationPreview }) => body.data,
    }),
    acceptInvitation: build.mutation<InvitationAccepted, string>({
      query: (token) => ({ url: `${INVITATIONS_API}/acceptInvitation/${token}`, method: 'POST' }),
      transformResponse: (body: { data: InvitationAccepted }) => body.data,
    }),
    createInvitation: build.mutation<InvitationCreated, CreateInvitationBody>({
      query: (data) => ({ url: `${INVITATIONS_API}/createInvitation`, method: 'POST', data }),
      transformResponse: (body: { data: InvitationCreated }) => body.data,
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    getMyInvitations: build.query<InvitationList, InvitationListQuery>({
      query: (params) => ({ url: `${INVITATIONS_API}/getInvitations`, params }),
      providesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
    revokeInvitation: build.mutation<InvitationItem, number>({
      query: (id) => ({ url: `${INVITATIONS_API}/revokeInvitation/${id}`, method: 'PUT' }),
      transformResponse: (body: { data: InvitationItem }) => body.data,
      invalidatesTags: [{ type: 'Invitation', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetInvitationQuery,
  useAcceptInvitationMutation,
  useCreateInvitationMutation,
  useGetMyInvitationsQuery,
  useRevokeInvitationMutation,
} = invitationsApi;
