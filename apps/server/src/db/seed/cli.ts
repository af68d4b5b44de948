import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { migrate } from '../migrate';
import { seed } from './index';

// `npm run seed -w @nexus/server`: migrate, then load the demo data set (safe to run twice).
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const result = await seed(database, {
    adminEmail: config.seedAdminEmail,
    adminPassword: config.seedAdminPassword,
    log: (line) => console.log(line),
  });
  console.log(JSON.stringify(result));
} finally {
  await database.close();
}
