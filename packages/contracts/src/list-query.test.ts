import { describe, expect, it } from 'vitest';
import { LIST_MAX_LIMIT } from './constants';
import { listQuery } from './list-query';

describe('list query', () => {
  it('applies the section 9 defaults', () => {
    expect(listQuery.parse({})).toEqual({ page: 1, limit: 10, sortOrder: 'desc' });
  });

  it('accepts limit -1 and refuses other values outside the range', () => {
    expect(listQuery.parse({ limit: '-1' }).limit).toBe(-1);
    expect(listQuery.safeParse({ limit: '0' }).success).toBe(false);
    expect(listQuery.safeParse({ limit: '-2' }).success).toBe(false);
    expect(listQuery.safeParse({ limit: String(LIST_MAX_LIMIT + 1) }).success).toBe(false);
  });

  it('parses fields, filters and search fields', () => {
    const parsed = listQuery.parse({
      fields: 'menu_id, menu_name',
      filterFields: '{"role_id":{"$in":[1,2]},"is_deleted":false}',
      searchFields: '["menu_name"]',
      sortOrder: 'ASC',
      metadataOnly: 'true',
    });
    expect(parsed.fields).toEqual(['menu_id', 'menu_name']);
    expect(parsed.filterFields).toEqual({ role_id: { $in: [1, 2] }, is_deleted: false });
    expect(parsed.searchFields).toEqual(['menu_name']);
    expect(parsed.sortOrder).toBe('asc');
    expect(parsed.metadataOnly).toBe(true);
  });

  it('accepts the JSON-array (OR) form of filterFields', () => {
    const parsed = listQuery.parse({
      filterFields: '[{"tenant_type":"institute"},{"tenant_type":"incubator"}]',
    });
    expect(parsed.filterFields).toEqual([{ tenant_type: 'institute' }, { tenant_type: 'incubator' }]);
  });

  it('names filterFields when its JSON is malformed', () => {
    const result = listQuery.safeParse({ filterFields: '{"a":' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['filterFields']);
    expect(result.error?.issues[0]?.message).toContain('filterFields must be valid JSON');
  });

  it('refuses unknown operators, odd column names and unknown parameters', () => {
    expect(listQuery.safeParse({ filterFields: '{"a":{"$regex":"x"}}' }).success).toBe(false);
    expect(listQuery.safeParse({ sortField: 'name; drop table users' }).success).toBe(false);
    expect(listQuery.safeParse({ fields: 'a,b--' }).success).toBe(false);
    expect(listQuery.safeParse({ filterFields: '{"a or 1=1":1}' }).success).toBe(false);
    expect(listQuery.safeParse({ unknown: '1' }).success).toBe(false);
    expect(listQuery.safeParse({ filterFields: '{"__proto__":{"$eq":1}}' }).success).toBe(false);
    expect(listQuery.safeParse({ filterFields: '[{"__proto__":null}]' }).success).toBe(false);
    expect(listQuery.safeParse({ filterFields: '{"\\u005f_proto__":1}' }).success).toBe(false);
    expect(listQuery.safeParse({ sortOrder: 'sideways' }).success).toBe(false);
  });
});
