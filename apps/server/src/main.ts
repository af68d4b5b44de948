import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { describe, EMBEDDED_DATABASE_STOPPED } from './db/embedded-guard';
import { migrate } from './db/migrate';
import { FirstAdminError } from './db/seed/first-admin';
import { seedOnStart } from './db/seed/on-start';
import { loggerOptions, PRETTY_LOGS_FLAG } from './logger';
import { createFileStore } from './modules/files';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // Fail fast, naming the variable (DESIGN section 8), before anything else starts.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// Until the app's logger exists, a stopped embedded database is told on stderr.
let reportFatal = (fields: Record<string, unknown>, message: string) => console.error(message, fields);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  onPoolError: (error) =>
    console.error(`database connection lost (${error.message}); the pool will reconnect`),
  // Nothing can be served without it, and it does not come back: say why and stop, so whatever
  // supervises the process starts it again (the data written so far is on disk).
  onEmbeddedFailure: ({ error, statement }) => {
    reportFatal(
      { err: describe(error), statement },
      'the embedded database stopped; exiting so the server can be started again',
    );
    setTimeout(() => process.exit(EMBEDDED_DATABASE_STOPPED), 200);
  },
});
await migrate(database);

const fileStore = createFileStore(config);
let seedMode: 'demo' | 'none';
try {
  seedMode = await seedOnStart(database, config, (line) => console.log(line), fileStore);
} catch (error) {
  // A production start without a way in stops here, naming the variable to set.
  console.error(error instanceof FirstAdminError ? error.message : error);
  await database.close();
  process.exit(1);
}

const app = await buildApp({
  database,
  staticDir: config.staticDir,
  logger: loggerOptions(config, { pretty: process.argv.includes(PRETTY_LOGS_FLAG) }),
  production: config.production,
  publicOrigin: config.publicOrigin,
  allowedOrigins: config.allowedOrigins,
  smtpUrl: config.smtpUrl,
  mailFrom: config.mailFrom,
  fileStore,
  uploadMaxMb: config.uploadMaxMb,
  ai: config.ai,
  // Workers start with `listen` (the app's ready hook) and finish in-flight jobs on close.
  jobs: config.jobs,
  redisUrl: config.redisUrl,
});

reportFatal = (fields, message) => app.log.fatal(fields, message);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests and jobs');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  // Retries failed domain events and picks up any a stopped process left; app.close() stops it.
  app.events.start();
  app.log.info(
    `Nexus on ${config.publicOrigin} (database: ${database.kind}, seed: ${seedMode}, jobs: ${config.jobs})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not listen');
  await database.close();
  process.exit(1);
}
