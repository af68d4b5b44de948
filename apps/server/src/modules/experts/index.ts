import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { inScope } from '../../db/scope';
import type { Jobs } from '../../kernel/jobs';
import { addCalendarSource } from '../calendar';
import { grantFileReads } from '../files';
import type { ExpertsContext } from './booking';
import { fileVisibleTo, sendReminder, sessionItems } from './interaction';
import { refreshDueNextFree } from './profiles';
import { registerExpertRoutes } from './routes';
import { addExpertSuggestions } from './suggestions';

export { refreshNextFree } from './profiles';
export { freeSlots } from './slots';

/**
 * Experts (issue 20 point 1; docs/experts.md): routes, the reminder and next-free jobs, sessions in
 * both people's calendars, and reads of the files shared in an engagement.
 */
export function registerExperts(app: FastifyInstance, database: Database, jobs: Jobs, origin: string): void {
  const context: ExpertsContext = { database, jobs, origin };
  registerExpertRoutes(app, context);
  addExpertSuggestions();
  jobs.register('experts.reminder', async (job) => {
    await sendReminder(context, job);
  });
  jobs.register('experts.next-free', async () => {
    await refreshDueNextFree(database);
  });
  addCalendarSource('experts', (db, userId, range) => sessionItems(db, userId, range));
  grantFileReads('experts.files', (db, actor, fileId) =>
    inScope(db, 'all', (tx) => fileVisibleTo(tx, actor.userId, fileId)),
  );
}
