import type { Config } from '../../config';
import type { FileStore } from '../../modules/files';
import type { Database, Tx } from '../client';
import { seedHubPages } from './demo-hubs';
import { ensureFirstAdmin } from './first-admin';
import { isEmpty, seed } from './index';
import { ensureCustomRolesMenu } from './platform-menus';

/**
 * What a server start writes before it listens: the first platform administrator on a database that
 * has none (always, whatever SEED says), then the demo data set when SEED asks for it, or by default
 * on a fresh embedded database outside production. Throws a FirstAdminError when production has no
 * administrator and no SEED_ADMIN_PASSWORD. Then menus that later versions added to the seeded
 * platform navigation, on a database seeded before them, and the default hub pages. Returns the seed mode it used.
 */
export async function seedOnStart(
  database: Database,
  config: Pick<Config, 'seed' | 'production' | 'seedAdminEmail' | 'seedAdminPassword'>,
  log: (line: string) => void,
  fileStore?: FileStore,
): Promise<'demo' | 'none'> {
  // Decided before the administrator is created: "empty" means nobody at all yet.
  const mode =
    config.seed ??
    (database.kind === 'pglite' && !config.production && (await isEmpty(database)) ? 'demo' : 'none');
  await ensureFirstAdmin(database, { email: config.seedAdminEmail, password: config.seedAdminPassword, log });
  if (mode === 'demo') {
    await seed(database, {
      adminEmail: config.seedAdminEmail,
      adminPassword: config.seedAdminPassword,
      log,
      fileStore,
    });
  }
  // After the seed: it adds the whole navigation only while the platform has no menu at all.
  await ensureCustomRolesMenu(database, log);
  // Every platform hub page exists, demo or not: admins edit them, pages read them (issue 22).
  const hubs = await database.system.transaction((tx) => seedHubPages(tx as unknown as Tx));
  if (hubs > 0) log(`Added ${hubs} default hub pages`);
  return mode;
}
