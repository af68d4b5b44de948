// Objects the migrating role installs after the migrations, on every start (idempotent): what the
// application role needs for list totals (docs/api.md, "Totals"). Kept out of the drizzle migrations
// because they are derived from the tables (every soft-deletable one) rather than declared once.

type Run = (text: string) => Promise<unknown>;

/**
 * Tables without `is_deleted` whose lists keep counts too: forum posts are hidden, removed and edited
 * in place, and a forum search's count holds only while they are unchanged (modules/community).
 */
const VERSIONED_TABLES = ['forum_posts'];

const APP_ROLE_GRANT = (role: string, statement: string) => `do $$ begin
    if exists (select 1 from pg_roles where rolname = '${role}') then ${statement}; end if;
  end $$`;

export async function installListMaintenance(run: Run, schemaName: string, appRole: string): Promise<void> {
  const schema = `"${schemaName.replaceAll('"', '""')}"`;
  const literal = `'${schemaName.replaceAll("'", "''")}'`;

  // nexus_analyze(table): the application role refreshes a table's planner statistics after a bulk
  // write (ResourceStore.afterWrite); ANALYZE belongs to the owner before PostgreSQL 17.
  await run(`create or replace function ${schema}.nexus_analyze(target regclass) returns void
    language plpgsql security definer set search_path = pg_catalog as $fn$
    begin
      if not exists (select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
                     where c.oid = target and c.relkind in ('r', 'p') and n.nspname = ${literal}) then
        raise exception 'nexus_analyze: % is not a table of schema %', target, ${literal};
      end if;
      execute format('analyze %s', target);
    end $fn$`);
  await run(`revoke all on function ${schema}.nexus_analyze(regclass) from public`);
  await run(
    APP_ROLE_GRANT(appRole, `grant execute on function ${schema}.nexus_analyze(regclass) to ${appRole}`),
  );

  // list_versions: a counter per table, bumped in the writing transaction by a statement-level
  // trigger, so a list may reuse a count made under the same counter on any replica (ResourceStore).
  // Every soft-deletable table has one, and so do the tables named in VERSIONED_TABLES.
  await run(`create table if not exists ${schema}.list_versions (
    table_name text primary key, version bigint not null)`);
  await run(`create or replace function ${schema}.list_version_bump() returns trigger
    language plpgsql security definer set search_path = pg_catalog as $fn$
    begin
      insert into ${schema}.list_versions (table_name, version) values (TG_TABLE_NAME, 1)
      on conflict (table_name) do update set version = list_versions.version + 1;
      return null;
    end $fn$`);
  await run(`do $$ declare t record; begin
    for t in select c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${literal} and c.relkind = 'r'
        and (c.relname in (${VERSIONED_TABLES.map((name) => `'${name}'`).join(', ')})
          or exists (select 1 from pg_attribute a
            where a.attrelid = c.oid and a.attname = 'is_deleted' and not a.attisdropped))
    loop
      execute format('create or replace trigger list_version_bump after insert or update or delete or truncate on %I.%I for each statement execute function %I.list_version_bump()',
        ${literal}, t.relname, ${literal});
    end loop;
  end $$`);
  await run(APP_ROLE_GRANT(appRole, `grant select on ${schema}.list_versions to ${appRole}`));
}
