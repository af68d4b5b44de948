import { ECOSYSTEM_API } from '@nexus/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../../test/make-app';
import { caller, makeStartup, somebody } from './test-helpers';

let t: TestApp;
let call: ReturnType<typeof caller>;
const E = ECOSYSTEM_API;

beforeAll(async () => {
  t = await makeApp();
  call = caller(t);
});
afterAll(async () => {
  await t?.close();
});

describe('startup search by a name word with filters (issue 19)', () => {
  it('answers the matches newest first and finds a startup as soon as it is added', async () => {
    const founder = await somebody(t);
    const older = await makeStartup(t, founder, {
      name: 'Bright Solar One',
      sector: 'climate',
      stage: 'growth',
    });
    await makeStartup(t, founder, { name: 'Bright Solar Two', sector: 'climate', stage: 'idea' });
    await makeStartup(t, founder, { name: 'Bright Wind', sector: 'climate', stage: 'growth' });
    const newer = await makeStartup(t, founder, { name: 'solar farms', sector: 'climate', stage: 'growth' });
    const found = await call(founder, 'GET', `${E}/getStartups?search=SOLAR&sector=climate&stage=growth`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((s: { startup_id: number }) => s.startup_id)).toEqual([
      newer.startup_id,
      older.startup_id,
    ]);
  });

  it('keeps no pending list on the name indexes, which every search would scan whole', async () => {
    // PostgreSQL keeps the option as written ("false" or "off"); both say the same.
    const result = (await t.database.system.execute(
      sql`select c.relname, c.reloptions && array['fastupdate=false', 'fastupdate=off'] as no_pending_list
          from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
          where i.indrelid = 'startups'::regclass and a.amname = 'gin' order by c.relname`,
    )) as unknown as { rows: { relname: string; no_pending_list: boolean }[] };
    expect(result.rows).toEqual([
      { relname: 'startups_name_facets_idx', no_pending_list: true },
      { relname: 'startups_name_trgm_idx', no_pending_list: true },
    ]);
  });
});
