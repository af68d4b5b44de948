import { loadConfig } from '../config';
import { openDatabase } from './client';
import { migrate } from './migrate';

// `npm run db:migrate -w @nexus/server`: apply the checked-in migrations to the configured database.
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  console.log(`migrated (${database.kind})`);
} finally {
  await database.close();
}
