import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Actor, Policy } from './policy';

export type Verb =
  | 'list'
  | 'get'
  | 'create'
  | 'update'
  | 'delete'
  | 'createMany'
  | 'updateMany'
  | 'deleteMany';

/** Everything a resource declares; the factory derives every verb and rule of DESIGN section 4 from it. */
export interface ResourceDefinition {
  /** `Menu` gives getMenu, createMenu, updateMenu/{id}, deleteMenu/{id}/{user_id}. */
  entity: string;
  /** e.g. `/operations/system/customMenus` */
  basePath: string;
  table: PgTable;
  /** API name of the primary key (also a key of `columns`). */
  idColumn: string;
  /** Bulk delete body key, e.g. `menu_ids` (spec section 3). */
  bulkIdsKey: string;
  /** Readable columns by API name: the whitelist for fields, filters, search, sort and output. */
  columns: Record<string, PgColumn>;
  /** Text columns `search` looks in. */
  searchable: readonly string[];
  /** Default sort column (the id when absent); the order is desc unless asked otherwise. */
  defaultSort?: string;
  schemas: {
    item: z.ZodObject;
    create: z.ZodType<Record<string, unknown>>;
    update: z.ZodType<Record<string, unknown>>;
    /** An update plus the id key, for updateMany. */
    updateItem: z.ZodType<Record<string, unknown>>;
    bulkDelete: z.ZodType<Record<string, unknown>>;
  };
  policies: { read: Policy; write: Policy } & Partial<Record<Verb, Policy>>;
  /**
   * Tenant scope: every query gets `column = actor's tenant` (`is null` on the main platform). With
   * `shared`, reads also see platform rows (tenant null), which only the platform context may change.
   */
  tenant?: {
    column: PgColumn;
    shared?: boolean;
    /**
     * Rows that follow their owner (an enrolment in a platform program, issue 23): inside a tenant, the
     * owner also reads and changes their own platform rows, and a create keeps a platform placement
     * (`tenant_id: null`) that `prepare` gave it. Needs `owner`; other users' platform rows stay unseen.
     */
    ownPlatformRows?: boolean;
  };
  /**
   * Rows belong to a user: other users (unless `exempt`) see and change only their own. `alsoReads`
   * widens what such a user may read (never change), e.g. a tenant admin reading its members.
   */
  owner?: {
    column: PgColumn;
    field: string;
    exempt: (actor: Actor) => boolean;
    alsoReads?: (actor: Actor) => SQL | undefined;
  };
  /** Turns validated body fields into column values (default: the same keys). */
  toRow?: (input: Record<string, unknown>) => Record<string, unknown>;
  /**
   * A condition reads carry for some callers (`where`: published programs for learners) and, with
   * `otherwise`, another for the rest (a course of a live program for its authors). Neither may
   * depend on the caller beyond `applies`: the list statement is cached per tenant, owner and this
   * flag. A condition reading another table must do so in a correlated subquery kept apart with
   * `offset 0`, so that table is read under the statement's row-level-security scope (db/client.ts).
   */
  readFilter?: { applies: (actor: Actor) => boolean; where: SQL; otherwise?: SQL };
  /**
   * The columns some callers may read, filter, search and sort by in a list (undefined: every
   * column). A field outside it answers the same 400 as an unknown column, so it confirms nothing.
   */
  readableFields?: (actor: Actor) => readonly string[] | undefined;
  /** false: writes leave no event in the admin center's audit (a user's own drafts, say). */
  audited?: boolean;
  /**
   * Path segments of the single verbs when the spec does not name them after the entity (the program
   * resources: `getAll`, `getProgram/{id}`, `createProgram`, `update/{id}`, `delete/{id}/{user_id}`).
   */
  verbPaths?: Partial<Record<'list' | 'get' | 'create' | 'update' | 'delete', string>>;
  /** Omit the three bulk verbs. */
  bulk?: boolean;
  /** Verbs the resource serves with its own handlers (same paths); the factory registers the others. */
  ownHandlers?: readonly Verb[];
  tags?: string[];
  /** `limit=-1` ceiling; LIST_ALL_CEILING unless a test narrows it. */
  listAllCeiling?: number;
  /**
   * Told the ids of the rows an update or a soft delete wrote, inside its transaction: for what this
   * process keeps of such rows elsewhere (the session cache keeps users and their roles).
   */
  changed?: (ids: readonly number[]) => void;
}
