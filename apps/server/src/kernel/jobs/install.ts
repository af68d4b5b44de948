import PgBoss from 'pg-boss';
import { deadLetterOf, JOB_DEFINITIONS, type JobDefinition } from './catalogue';
import type { Executor } from './executors';

/** pg-boss's own queue that carries cron sends; created here so no worker has to create it. */
export const CRON_QUEUE = '__pgboss__send-it';

/**
 * The schema pg-boss keeps its tables in: `pgboss` beside `public`, and one per test schema so test
 * files on one PostgreSQL never share queues.
 */
export function jobSchemaOf(schemaName: string): string {
  return schemaName === 'public' ? 'pgboss' : `${schemaName}_jobs`;
}

export const queueOptions = (definition: JobDefinition): PgBoss.Queue => ({
  name: definition.name,
  retryLimit: definition.retryLimit,
  retryDelay: definition.retryDelay,
  retryBackoff: definition.retryBackoff,
  expireInSeconds: definition.expireInSeconds,
  deadLetter: deadLetterOf(definition.name),
});

/**
 * Installs or upgrades pg-boss's schema and creates every queue of the catalogue, as the owner of the
 * tables (called by `migrate`, under its lock). Creating a queue is DDL (a partition of the job
 * table), so the application role only ever reads and writes rows: on the embedded database the
 * requests and pg-boss share one connection that runs as that role.
 */
export async function installJobs(owner: Executor, schemaName: string, appRole: string): Promise<void> {
  const schema = jobSchemaOf(schemaName);
  const boss = new PgBoss({ db: owner, schema, supervise: false, schedule: false, migrate: true });
  let failure: unknown;
  boss.on('error', (error) => {
    failure = error;
  });
  await boss.start();
  try {
    await boss.createQueue(CRON_QUEUE);
    for (const definition of JOB_DEFINITIONS) {
      await boss.createQueue(deadLetterOf(definition.name));
      await boss.createQueue(definition.name, queueOptions(definition));
      // A queue created by an earlier release keeps its row: the catalogue's policy wins.
      await boss.updateQueue(definition.name, queueOptions(definition));
    }
    await owner.executeSql(`do $$ begin
      if exists (select 1 from pg_roles where rolname = '${appRole}') then
        grant usage on schema ${schema} to ${appRole};
        grant select, insert, update, delete on all tables in schema ${schema} to ${appRole};
      end if;
    end $$`);
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
  if (failure) throw failure;
}
