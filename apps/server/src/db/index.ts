export { type Database, type Db, type DbOrTx, openDatabase, type OpenDatabaseOptions, queryRows, type Tx } from './client';
export { findMigrationsFolder, migrate } from './migrate';
export * as schema from './schema';
export { seed, type SeedOptions, type SeedResult } from './seed';
