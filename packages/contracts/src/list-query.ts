import { z } from 'zod';
import { LIST_ALL_CEILING, LIST_DEFAULTS, LIST_MAX_LIMIT } from './constants';

/** The filter operators every list accepts (DESIGN section 4); anything else is a 400. */
export const FILTER_OPERATORS = [
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$like',
  '$ilike',
  '$null',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** A column name as a request may spell it; the server still checks it against the resource's columns. */
export const columnName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]{0,62}$/, 'must be a column name (letters, digits and underscores)')
  .refine((name) => name !== '__proto__', 'must be a column name');

const scalar = z.union([z.string().max(1000), z.number().finite(), z.boolean(), z.null()]);
export type FilterScalar = z.infer<typeof scalar>;

const operatorObject = z
  .object({
    $eq: scalar.optional(),
    $ne: scalar.optional(),
    $in: z.array(scalar).max(1000).optional(),
    $nin: z.array(scalar).max(1000).optional(),
    $gt: scalar.optional(),
    $gte: scalar.optional(),
    $lt: scalar.optional(),
    $lte: scalar.optional(),
    $like: z.string().max(1000).optional(),
    $ilike: z.string().max(1000).optional(),
    $null: z.boolean().optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, 'an operator object needs at least one operator');

/** A column matches a scalar (equality), an array ($in), or an object of operators. */
export const filterCondition = z.union([scalar, z.array(scalar).max(1000), operatorObject]);
export type FilterCondition = z.infer<typeof filterCondition>;

export const filterObject = z.record(columnName, filterCondition);
export type FilterObject = z.infer<typeof filterObject>;

/** An object ANDs its columns; an array of objects ORs them (spec section 7, tenants getAll). */
export const filterFields = z.union([filterObject, z.array(filterObject).min(1).max(20)]);
export type FilterFields = z.infer<typeof filterFields>;

function jsonParam<T extends z.ZodType>(name: string, schema: T) {
  return z
    .string()
    .max(8000)
    .transform((text, ctx) => {
      let parsed: unknown;
      let namesProto = false;
      try {
        parsed = JSON.parse(text, (key, value) => {
          if (key === '__proto__') namesProto = true;
          return value;
        });
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be valid JSON` });
        return z.NEVER;
      }
      // zod drops a `__proto__` key while parsing a record, which would silently lose that condition.
      if (namesProto) {
        ctx.addIssue({ code: 'custom', message: `${name} names an unknown column: __proto__` });
        return z.NEVER;
      }
      return parsed;
    })
    .pipe(schema);
}

const booleanParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const commaList = z
  .string()
  .max(2000)
  .transform((text) =>
    text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(z.array(columnName).max(100));

/** The generic list query of spec section 7 ("Generic list pattern") with its section 9 defaults. */
export const listQuery = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(LIST_DEFAULTS.page),
    limit: z.coerce
      .number()
      .int()
      .refine(
        (n) => n === LIST_DEFAULTS.allRows || (n >= 1 && n <= LIST_MAX_LIMIT),
        `limit must be -1 (all rows, up to ${LIST_ALL_CEILING}) or between 1 and ${LIST_MAX_LIMIT}`,
      )
      .default(LIST_DEFAULTS.limit),
    fields: commaList.optional(),
    filterFields: jsonParam('filterFields', filterFields).optional(),
    sortField: columnName.optional(),
    sortOrder: z
      .string()
      .transform((s) => s.toLowerCase())
      .pipe(z.enum(['asc', 'desc']))
      .default(LIST_DEFAULTS.sortOrder),
    search: z.string().max(200).optional(),
    searchFields: jsonParam('searchFields', z.array(columnName).min(1).max(20)).optional(),
    metadataOnly: booleanParam.optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof listQuery>;
export type ListQueryInput = z.input<typeof listQuery>;

/** Query of a single get: an optional projection and filter (spec section 7, "Get one"). */
export const getOneQuery = z
  .object({
    fields: commaList.optional(),
    filterFields: jsonParam('filterFields', filterFields).optional(),
  })
  .strict();
export type GetOneQuery = z.infer<typeof getOneQuery>;

/** `meta` of a list answer. `totalExact` is false when the total is the planner's estimate. */
export const listMeta = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  totalExact: z.boolean(),
});
export type ListMeta = z.infer<typeof listMeta>;

/** The failure shape of every endpoint (DESIGN section 4). */
export const errorBody = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data });
}

export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item).optional(), meta: listMeta });
}
