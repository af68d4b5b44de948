import { and, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError, forbidden, notFound } from '../../http/app-error';
import type { Actor } from '../../http/policy';
import type { ResourceStore } from '../../http/resource-store';

type Row = Record<string, unknown>;

export interface RowRules {
  /**
   * A condition every read and write carries. It must be the same for every actor: list statements
   * are cached per tenant (and per owner), never per arbitrary condition.
   */
  where?: SQL;
  /** Who may write at all; anyone else gets 403 before anything is read or written. */
  mayWrite?: (actor: Actor) => boolean;
  /**
   * Checks (400 naming the field) and completes a validated body before it is written, inside the
   * caller's transaction for bulk calls, so one bad item leaves nothing written.
   */
  prepare?: (db: DbOrTx, actor: Actor, input: Row, creating: boolean) => Promise<Row>;
  /**
   * Permission that needs the database, checked before any write: `ids` are the rows an update or
   * delete names (single and bulk), null for a create. It throws a 403 with a reason for rows the
   * caller sees but may not change; rows it does not see are left to the store's 404.
   */
  authorize?: (db: DbOrTx, actor: Actor, ids: number[] | null) => Promise<void>;
  /**
   * The name "not found" answers use when the entity name is empty (resources whose spec paths are
   * bare `get`, `create`, ...), instead of the factory's "` not found`".
   */
  label?: string;
}

/**
 * Adds the access area's row rules to a store the resource factory built. The factory's handlers call
 * the store's methods, so the rules hold for every verb, single and bulk.
 */
export function constrain(store: ResourceStore, rules: RowRules): ResourceStore {
  const { where, mayWrite, prepare, label, authorize } = rules;
  const scope = store.scope.bind(store);
  const create = store.create.bind(store);
  const update = store.update.bind(store);
  const remove = store.remove.bind(store);
  const guard = (actor: Actor) => {
    if (mayWrite && !mayWrite(actor)) throw forbidden();
  };
  if (where) store.scope = (actor, read, part) => and(scope(actor, read, part), where) as SQL;
  store.create = async (db, actor, inputs) => {
    guard(actor);
    if (authorize) await authorize(db, actor, null);
    const rows = [];
    for (const input of inputs) rows.push(prepare ? await prepare(db, actor, input, true) : input);
    return create(db, actor, rows);
  };
  store.update = async (db, actor, id, input) => {
    guard(actor);
    if (authorize) await authorize(db, actor, [id]);
    return update(db, actor, id, prepare ? await prepare(db, actor, input, false) : input);
  };
  store.remove = async (db, actor, ids) => {
    guard(actor);
    if (authorize) await authorize(db, actor, ids);
    return remove(db, actor, ids);
  };
  if (label) {
    const named =
      <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await method(...args);
        } catch (error) {
          // The factory names the entity first ("Menu 7 not found", "Menu not found: 7"); an empty name leaves a leading space.
          if (error instanceof AppError && error.status === 404 && error.message.startsWith(' ')) {
            throw notFound(`${label}${error.message}`);
          }
          throw error;
        }
      };
    store.getOne = named(store.getOne.bind(store));
    store.update = named(store.update.bind(store));
    store.remove = named(store.remove.bind(store));
  }
  return store;
}
