export type { JobName, MailPayload, PayloadOf } from './catalogue';
export { deadLetterOf, JOB_CATALOGUE, maskAddress } from './catalogue';
export { jobSchemaOf } from './install';
export type { AttemptOutcome, EnqueueOptions, JobHandler, JobInfo, JobsMode, QueuedJob } from './jobs';
export { Jobs } from './jobs';
