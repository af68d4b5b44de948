import { PLANS } from '@nexus/contracts';
import { hash } from '@node-rs/argon2';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { refreshUserUsage } from '../../modules/access';
import type { FileStore } from '../../modules/files';
import type { Database, Tx } from '../client';
import { customMenus, roles, tenantSubscriptions, tenants, userRoles, userSettings, users } from '../schema';
import { DEFAULT_MENUS, DEMO_PASSWORD, DEMO_TENANTS, DEMO_USERS, SYSTEM_ROLES } from './data';
import { seedDemoAnnouncements } from './demo-announcements';
import { seedDemoCommunity } from './demo-community';
import { seedDemoCompetitions } from './demo-competitions';
import { seedDemoConversation } from './demo-conversation';
import { seedDemoEcosystem } from './demo-ecosystem';
import { seedDemoEvents } from './demo-events';
import { seedDemoExperts } from './demo-experts';
import { seedDemoHelp } from './demo-help';
import { seedDemoHiring } from './demo-hiring';
import { linkDemoCommunityItems, seedDemoParent, seedHubPages } from './demo-hubs';
import { seedDemoNetwork } from './demo-network';
import { seedDemoProgram } from './demo-program';
import { seedDemoReadiness } from './demo-readiness';
import { linkDemoCaseStudy, seedDemoResources } from './demo-resources';
import { seedDemoCsr, seedDemoSchemes, seedDemoServices } from './demo-services';
import { seedDemoSwap } from './demo-swap';
import { seedLiveProgram } from './live-program';

export { DEMO_PASSWORD, DEMO_USERS, SYSTEM_ROLES } from './data';

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface SeedOptions {
  adminEmail: string;
  /** Without one (production, SEED_ADMIN_PASSWORD unset) the demo set is loaded without its admin. */
  adminPassword: string | undefined;
  demoPassword?: string;
  log?: (message: string) => void;
  /** Where demo files (resources' PDFs and captions) are stored; without it items come without files. */
  fileStore?: FileStore;
}

export interface SeedResult {
  roles: number;
  tenants: number;
  usersCreated: number;
  menusCreated: number;
  settingsCreated: number;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** True when no user exists yet (decides the default SEED=demo on a fresh embedded database). */
export async function isEmpty(database: Database): Promise<boolean> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (row?.n ?? 0) === 0;
}

/** Loads the demo data set. Idempotent: every step inserts only what is missing. */
export async function seed(database: Database, options: SeedOptions): Promise<SeedResult> {
  // Seeding writes platform rows and every tenant's: it is a system path, across tenants.
  const db = database.system;
  const log = options.log ?? (() => {});
  const demoPassword = options.demoPassword ?? DEMO_PASSWORD;
  const adminEmail = options.adminEmail.toLowerCase();

  const wanted = [
    ...(options.adminPassword === undefined
      ? []
      : [{ email: adminEmail, username: 'admin', first_name: 'Platform', last_name: 'Admin', admin: true }]),
    ...DEMO_USERS.map((u) => ({ email: `${u.username}@nexus.local`, ...u, admin: false })),
  ];
  const existing = new Set(
    (
      await db
        .select({ email: users.email })
        .from(users)
        .where(
          inArray(
            users.email,
            wanted.map((u) => u.email),
          ),
        )
    ).map((row) => row.email),
  );
  const missing = wanted.filter((u) => !existing.has(u.email));
  // Hash outside the transaction: argon2 is deliberately slow and runs on the thread pool.
  const [adminHash, demoHash] = await Promise.all([
    missing.some((u) => u.admin) && options.adminPassword ? hashPassword(options.adminPassword) : undefined,
    missing.some((u) => !u.admin) ? hashPassword(demoPassword) : undefined,
  ]);

  return db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    for (const role of SYSTEM_ROLES) {
      await tx
        .insert(roles)
        .values(role)
        .onConflictDoUpdate({
          target: roles.role_id,
          set: { role_name: role.role_name, display_name: role.display_name, role_view: role.role_view },
        });
    }
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('roles', 'role_id'), (select max(role_id) from roles))`,
    );
    const roleIds = new Map(SYSTEM_ROLES.map((r) => [r.role_name, r.role_id]));

    await tx
      .insert(tenants)
      .values(DEMO_TENANTS.map(({ key: _key, ...t }) => t))
      .onConflictDoNothing();
    const tenantRows = await tx.select().from(tenants);
    const tenantIds = new Map(
      DEMO_TENANTS.map((t) => [
        t.key,
        tenantRows.find((row) => row.tenant_type === t.tenant_type && row.tenant_name === t.tenant_name)
          ?.tenant_id,
      ]),
    );

    let usersCreated = 0;
    for (const u of missing) {
      const roleName = u.admin
        ? 'admin'
        : (DEMO_USERS.find((d) => d.username === u.username)?.role ?? 'temp');
      const [created] = await tx
        .insert(users)
        .values({
          username: u.username,
          email: u.email,
          first_name: u.first_name,
          last_name: u.last_name,
          password_hash: u.admin ? adminHash : demoHash,
          email_verified: true,
          is_platform_admin: u.admin,
          // Demo users who also hold tenant roles have none active yet, so their first sign-in shows
          // /select-role (spec section 6); the others land straight on their home.
          active_role_id: DEMO_USERS.find((d) => d.username === u.username)?.tenantRoles?.length
            ? null
            : (roleIds.get(roleName) ?? null),
          registration_redirect: roleName === 'temp' ? '/onboarding' : null,
        })
        .onConflictDoNothing()
        .returning({ user_id: users.user_id });
      if (!created) continue;
      usersCreated++;
      const demo = DEMO_USERS.find((d) => d.username === u.username);
      const grants = [
        { role: roleName, tenant: null as number | null },
        ...(u.admin ? [] : (demo?.tenantRoles ?? [])).map((g) => ({
          role: g.role,
          tenant: tenantIds.get(g.tenant) ?? null,
        })),
      ];
      for (const grant of grants) {
        await tx
          .insert(userRoles)
          .values({
            user_id: created.user_id,
            role_id: roleIds.get(grant.role) ?? 19,
            tenant_id: grant.tenant,
          })
          .onConflictDoNothing();
      }
      await tx
        .insert(userSettings)
        .values({ user_id: created.user_id, created_by: created.user_id, modified_by: created.user_id });
    }

    let menusCreated = 0;
    const platformMenus = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customMenus)
      .where(isNull(customMenus.tenant_id));
    if ((platformMenus[0]?.n ?? 0) === 0) {
      let order = 0;
      for (const entry of DEFAULT_MENUS) {
        order += 10;
        const [parent] = await tx
          .insert(customMenus)
          .values({ menu_name: entry.name, path: entry.path, icon: entry.icon, sort_order: order })
          .returning({ menu_id: customMenus.menu_id });
        menusCreated++;
        let childOrder = 0;
        for (const child of entry.children ?? []) {
          childOrder += 10;
          await tx.insert(customMenus).values({
            menu_name: child.name,
            path: child.path,
            icon: child.icon,
            sort_order: childOrder,
            menu_parent_id: parent?.menu_id ?? null,
          });
          menusCreated++;
        }
      }
    }

    // Every demo organisation runs on the free plan, with its member count true from the start.
    for (const tenantId of tenantIds.values()) {
      if (tenantId === undefined) continue;
      await tx
        .insert(tenantSubscriptions)
        .values({ tenant_id: tenantId, plan: 'free', status: 'active', limits: { ...PLANS.free } })
        .onConflictDoNothing();
      await refreshUserUsage(tx, tenantId);
    }

    const programsCreated = (await seedDemoProgram(tx)) + (await seedLiveProgram(tx));
    await seedDemoConversation(tx);
    await seedDemoCompetitions(tx);
    await seedDemoCommunity(tx);
    await seedDemoEvents(tx);
    await linkDemoCommunityItems(tx);
    await seedDemoNetwork(tx);
    await seedDemoResources(tx, options.fileStore);
    await seedDemoReadiness(tx);
    await seedDemoHiring(tx);
    await seedDemoServices(tx);
    await seedDemoCsr(tx);
    await seedDemoSchemes(tx);
    await seedDemoSwap(tx);
    await seedDemoExperts(tx);
    await seedDemoEcosystem(tx);
    await linkDemoCaseStudy(tx);
    await seedHubPages(tx);
    await seedDemoParent(tx);
    await seedDemoHelp(tx);
    await seedDemoAnnouncements(tx);

    const settingsCreated = usersCreated;
    const counted = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(userRoles)
      .where(and(eq(userRoles.role_id, 19), isNull(userRoles.tenant_id)));
    log(
      `seed: ${SYSTEM_ROLES.length} roles, ${tenantIds.size} tenants, ${usersCreated} new users, ${menusCreated} new menus, ${programsCreated} new programs (temp-role users: ${counted[0]?.n ?? 0})`,
    );
    return {
      roles: SYSTEM_ROLES.length,
      tenants: tenantIds.size,
      usersCreated,
      menusCreated,
      settingsCreated,
    };
  });
}
