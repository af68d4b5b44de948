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

  it('answers a repeated search from its kept page only while no startup changed', async () => {
    const founder = await somebody(t);
    const ids = (answer: { json(): { data: { startup_id: number; name: string }[] } }) =>
      answer.json().data.map((s) => `${s.startup_id} ${s.name}`);
    const url = `${E}/getStartups?search=kestrel&sector=health`;
    const first = await makeStartup(t, founder, { name: 'Kestrel Care', sector: 'health' });
    expect(ids(await call(founder, 'GET', url))).toEqual([`${first.startup_id} Kestrel Care`]);

    const second = await makeStartup(t, founder, { name: 'Kestrel Labs', sector: 'health' });
    expect(ids(await call(founder, 'GET', url))).toEqual([
      `${second.startup_id} Kestrel Labs`,
      `${first.startup_id} Kestrel Care`,
    ]);

    const renamed = await call(founder, 'PUT', `${E}/updateStartup/${first.startup_id}`, {
      name: 'Kestrel Clinic',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(ids(await call(founder, 'GET', url))).toEqual([
      `${second.startup_id} Kestrel Labs`,
      `${first.startup_id} Kestrel Clinic`,
    ]);

    const gone = await call(founder, 'DELETE', `${E}/deleteStartup/${second.startup_id}`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(ids(await call(founder, 'GET', url))).toEqual([`${first.startup_id} Kestrel Clinic`]);
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
