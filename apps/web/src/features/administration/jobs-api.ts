import { type DeadJob, type DeadJobListQuery, JOBS_API, type JobQueue } from '@nexus/contracts';
import { adminApi, type ListResult } from './api';

/** Background jobs (docs/jobs.md): queue counts, dead letters and their retry, for platform admins. */
export const jobsApi = adminApi.enhanceEndpoints({ addTagTypes: ['Job'] }).injectEndpoints({
  endpoints: (build) => ({
    jobQueues: build.query<JobQueue[], void>({
      query: () => ({ url: `${JOBS_API}/getQueues` }),
      transformResponse: (body: { data: JobQueue[] }) => body.data,
      providesTags: ['Job'],
    }),
    deadJobs: build.query<ListResult<DeadJob>, DeadJobListQuery>({
      query: (params) => ({ url: `${JOBS_API}/getDeadJobs`, params }),
      providesTags: ['Job'],
    }),
    retryDeadJob: build.mutation<unknown, string>({
      query: (id) => ({ url: `${JOBS_API}/retryDeadJob/${id}`, method: 'POST' }),
      invalidatesTags: ['Job'],
    }),
  }),
});

export const { useJobQueuesQuery, useDeadJobsQuery, useRetryDeadJobMutation } = jobsApi;
