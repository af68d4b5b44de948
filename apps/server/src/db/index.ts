export {
  type Database,
  type Db,
  type DbOrTx,
  type OpenDatabaseOptions,
  openDatabase,
  queryRows,
  type Tx,
} from './client';
export { findMigrationsFolder, migrate } from './migrate';
export * as schema from './schema';
export { type SeedOptions, type SeedResult, seed } from './seed';
