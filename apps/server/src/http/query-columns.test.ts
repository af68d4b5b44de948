import { FILTER_OPERATORS, listQuery } from '@nexus/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toQuery } from '../db/client';
import { customMenus } from '../db/schema';
import { AppError } from './app-error';
import { ColumnCatalog } from './query-columns';

const catalog = new ColumnCatalog(
  { menu_id: customMenus.menu_id, menu_name: customMenus.menu_name, is_deleted: customMenus.is_deleted },
  ['menu_name'],
);
const columns = ['menu_id', 'menu_name', 'is_deleted'] as const;
const scalar = fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.boolean(), fc.constant(null));
const operators = fc.dictionary(fc.constantFrom(...FILTER_OPERATORS), scalar, { minKeys: 1, maxKeys: 3 });
const condition = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), operators);
const group = fc.dictionary(fc.constantFrom(...columns), condition, { minKeys: 1, maxKeys: 3 });

/** Builds the filter or returns the AppError it was refused with; anything else thrown is a bug. */
function attempt(input: unknown): { text: string; params: unknown[] } | AppError {
  try {
    // Through the query parameter, as a request sends it: JSON text parsed by the shared schema.
    const parsed = listQuery.safeParse({ filterFields: JSON.stringify(input) });
    if (!parsed.success) return new AppError('BAD_REQUEST', 400, 'schema');
    const built = catalog.filter(parsed.data.filterFields);
    return built ? { text: toQuery(built).sql, params: toQuery(built).params } : { text: '', params: [] };
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('filter parser (property)', () => {
  it('never puts a value into the SQL text, and refuses only with a 400', () => {
    fc.assert(
      fc.property(fc.oneof(group, fc.array(group, { minLength: 1, maxLength: 3 })), (input) => {
        const result = attempt(input);
        if (result instanceof AppError) {
          expect(result.status).toBe(400);
          return;
        }
        // Only identifiers, operators and $n placeholders: no quote can come from the request.
        expect(result.text).not.toMatch(/'/);
        expect(result.text.replace(/"[a-z_]+"/g, '')).toMatch(/^[\sa-z()$0-9=<>,.:!_]*$/i);
      }),
      { numRuns: 400 },
    );
  });

  it('refuses every column outside the whitelist', () => {
    fc.assert(
      fc.property(
        fc
          .oneof(fc.string({ minLength: 1, maxLength: 20 }), fc.constantFrom('__proto__', 'constructor'))
          .filter((name) => !(columns as readonly string[]).includes(name)),
        scalar,
        (name, value) => {
          const result = attempt({ [name]: value });
          expect(result).toBeInstanceOf(AppError);
          expect((result as AppError).status).toBe(400);
        },
      ),
    );
  });
});
