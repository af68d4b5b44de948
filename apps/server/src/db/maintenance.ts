// Objects the migrating role installs after the migrations, on every start (idempotent): what the
// application role needs for list totals (docs/api.md, "Totals"). Kept out of the drizzle migrations
// because they are derived from the tables (every soft-deletable one) rather than declared once.

type Run = (text: string) => Promise<unknown>;

/**
 * Tables without `is_deleted` whose lists keep counts or pages too (db/kept-counts.ts): expert
 * profiles; forum posts, which are hidden, removed and edited in place (a forum search's count holds
 * only while they are unchanged, modules/community); the reactions and reports a topic's kept
 * pages of replies show; and what a kept home feed is drawn from (shares, memberships, follows,
 * connections, blocks, reactions).
 */
const VERSIONED_WITHOUT_SOFT_DELETE = [
  'expert_profiles',
  'forum_posts',
  'forum_reactions',
  'forum_reports',
  'post_reactions',
  'community_posts',
  'community_members',
  'follows',
  'connections',
  'user_blocks',
]
  .map((t) => `'${t}'`)
  .join(', ');
/** Columns that only count a row's children: writing them alone leaves the table's lists as they were. */
const COUNTERS: readonly (readonly [table: string, column: string])[] = [['events', 'seats_taken']];

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
  // Every soft-deletable table has one, and so do the tables named in VERSIONED_WITHOUT_SOFT_DELETE.
  await run(`create table if not exists ${schema}.list_versions (
    table_name text primary key, version bigint not null)`);
  await run(`create or replace function ${schema}.list_version_bump() returns trigger
    language plpgsql security definer set search_path = pg_catalog as $fn$
    begin
      insert into ${schema}.list_versions (table_name, version) values (TG_TABLE_NAME, 1)
      on conflict (table_name) do update set version = list_versions.version + 1;
      return null;
    end $fn$`);
  // An update bumps it when it sets a column other than a row's own counter (COUNTERS): a counter
  // decides no list's membership, and a bump takes the list_versions row's lock until the commit,
  // which would serialise every registration to any event behind one row (issue 17 bench).
  const counters = COUNTERS.map(([table, column]) => `('${table}', '${column}')`).join(', ');
  await run(`do $$ declare t record; cols text; begin
    for t in select c.oid, c.relname from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${literal} and c.relkind = 'r' and (c.relname in (${VERSIONED_WITHOUT_SOFT_DELETE})
        or exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'is_deleted'
          and not a.attisdropped))
    loop
      select string_agg(quote_ident(col.attname), ', ' order by col.attnum) into cols from pg_attribute col
        where col.attrelid = t.oid and col.attnum > 0 and not col.attisdropped
          and (t.relname::text, col.attname::text) not in (${counters});
      execute format('create or replace trigger list_version_bump after insert or update of %s or delete or truncate on %I.%I for each statement execute function %I.list_version_bump()',
        cols, ${literal}, t.relname, ${literal});
    end loop;
  end $$`);
  await run(APP_ROLE_GRANT(appRole, `grant select on ${schema}.list_versions to ${appRole}`));
}
