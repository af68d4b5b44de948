// `npm run events -w @nexus/bench`: the events area's two hot calls (issue 17, "Tests and figures"),
// each beside the platform ceiling (/readyz) in the same run, at 32 connections, production settings:
//   - the event list as /events shows it (upcoming published events the caller may see, first page),
//   - a registration: every request is a new (person, event) pair, so each one inserts its row, takes a
//     seat under the event row's lock or, on the small events that are full, joins the waiting list,
//     and records its domain event (the mail, the invite and the reminders follow from it); the mail
//     goes over real SMTP to a relay the bench runs (the e2e journeys' sink), as in a deployment.
// The data goes straight into the store before the product starts (an embedded database has one owner
// at a time): 10,000 published events (platform and tenant, public and platform-only, online and in
// person, a fifth of them past; one in ten has two seats), and bench people who sign in for real.
//   DATABASE_URL  PostgreSQL (a database of its own beside it); unset: embedded database only.
//   BENCH_EVENTS (10000)   BENCH_PEOPLE (24; sign-in allows 30 a minute from one address)
//   BENCH_PORT first port (18260)   BENCH_ONLY embedded|postgres

import { openDatabase } from '@nexus/server/db';
import { sql } from 'drizzle-orm';
import { startSmtpSink } from '../e2e/smtp-sink.mjs';
import { budget, type Figure, interleaved, type SetupRequest, table } from './api/measure';
import {
  ADMIN,
  analyzeTables,
  call,
  embeddedStore,
  postgresStore,
  type SignedIn,
  type Store,
  seedStore,
  signIn,
  startProduct,
  TENANT_NAME,
} from './api/product';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 24);
const BUDGET = { list: 0.4, listP99Ms: 50, register: 0.15, registerP99Ms: 100 };
/** A demo learner (db/seed/DEMO_ACCOUNTS.md): the bench people copy its password hash and role. */
const LEARNER = { email: 'individual@nexus.local', password: 'Nexus-Demo-2026!' };

interface Filled {
  people: string[];
  /** Upcoming platform events anyone signed in may register for. */
  open: number[];
}

async function rowsOf<T>(
  db: { execute(query: ReturnType<typeof sql>): Promise<unknown> },
  query: ReturnType<typeof sql>,
) {
  return ((await db.execute(query)) as { rows: T[] }).rows;
}

async function fill(store: Store): Promise<Filled> {
  const database = await openDatabase(
    store.env.DATABASE_URL ? { url: store.env.DATABASE_URL } : { dataDir: store.env.DATA_DIR },
  );
  try {
    const db = database.system;
    const stamp = Date.now().toString(36);
    // People like the demo learner: the same (real, argon2id) password hash, role and settings.
    await db.execute(sql`insert into users (username, email, first_name, last_name, password_hash,
        email_verified, active_role_id)
      select 'bench_attendee_' || ${stamp} || '_' || i, 'bench-attendee-' || ${stamp} || '-' || i || '@nexus.local',
             'Attendee', 'Number ' || i, d.password_hash, true, d.active_role_id
      from users d, generate_series(1, ${PEOPLE}) i where d.email = ${LEARNER.email}`);
    await db.execute(sql`insert into user_roles (user_id, role_id, tenant_id)
      select u.user_id, r.role_id, null from users u, users d
      join user_roles r on r.user_id = d.user_id and r.tenant_id is null
      where d.email = ${LEARNER.email} and u.username like ${`bench_attendee_${stamp}_%`}`);
    await db.execute(sql`insert into user_settings (user_id, created_by, modified_by)
      select user_id, user_id, user_id from users where username like ${`bench_attendee_${stamp}_%`}`);
    // Every fourth event is the demo tenant's (tenant members only); of the platform's, half public,
    // half for the signed in. A fifth are past. One in ten has two seats: registrations wait there.
    await db.execute(sql`insert into events (tenant_id, title, summary, description, mode, online_url, venue,
        starts_at, ends_at, last_ends_at, time_zone, visibility, status, capacity, created_by, modified_by)
      select case when n % 4 = 3 then t.tenant_id end,
        (array['Pitch night','Founder breakfast','Design sprint','Investor panel','Demo day'])[1 + n % 5] || ' ' || n,
        'A bench event', '<p>A bench event.</p>',
        case when n % 2 = 0 then 'online' else 'in_person' end,
        case when n % 2 = 0 then 'https://meet.example.test/' || n end,
        case when n % 2 = 1 then 'Hall ' || (n % 20) end,
        s.at, s.at + interval '2 hours', s.at + interval '2 hours', 'Europe/Paris',
        case when n % 4 = 3 then 'tenant' when n % 2 = 0 then 'public' else 'platform' end,
        'published',
        case when n % 10 = 1 then 2 when n % 10 = 2 then null else 100000 end,
        a.user_id, a.user_id
      from generate_series(1, ${EVENTS}) n
      cross join (select tenant_id from tenants where tenant_name = ${TENANT_NAME}) t
      cross join (select user_id from users where is_platform_admin order by user_id limit 1) a
      join lateral (select case when n % 5 = 0 then now() - (n || ' minutes')::interval - interval '1 day'
        else now() + interval '1 day' + (n || ' minutes')::interval end as at) s on true`);
    await analyzeTables(store, db, ['events', 'event_registrations', 'users', 'user_roles']);
    const people = await rowsOf<{ email: string }>(
      db,
      sql`select email from users where username like ${`bench_attendee_${stamp}_%`} order by user_id`,
    );
    const open = await rowsOf<{ event_id: number }>(
      db,
      sql`select event_id from events where tenant_id is null and status = 'published'
        and last_ends_at > now() + interval '1 hour' order by event_id`,
    );
    return { people: people.map((p) => p.email), open: open.map((e) => e.event_id) };
  } finally {
    await database.close();
  }
}

/**
 * Waits until the registrations' domain events are dispatched (their mail, reminders and notices,
 * which follow each answer), and says how long that took: the product's own backlog after a burst,
 * read as the platform administrator reads it (the outbox view).
 */
async function outboxDrained(base: string, admin: SignedIn): Promise<void> {
  const pending = async () =>
    (
      await call<{ meta: { total: number } }>(
        base,
        admin,
        'GET',
        '/api/system/domain-events/getDomainEvents?status=pending&limit=1',
      )
    ).meta.total;
  await drained(pending, 250, (first, left, seconds) =>
    console.log(`outbox after a registration run: ${first} events pending, ${left} left after ${seconds} s`),
  );
  // Then the mail those events queued (the confirmations), so the next route is measured on a
  // settled server rather than beside the burst's thousands of SMTP deliveries.
  const queued = async () => {
    const queues = await call<{ data: { name: string; created: number; retry: number; active: number }[] }>(
      base,
      admin,
      'GET',
      '/api/jobs/getQueues',
    );
    const mail = queues.data.find((queue) => queue.name === 'mail.send');
    return mail ? mail.created + mail.retry + mail.active : 0;
  };
  await drained(queued, 500, (first, left, seconds) =>
    console.log(`mail queue after it: ${first} mails queued, ${left} left after ${seconds} s`),
  );
}

/** Polls `count` every `everyMs` until it reads 0 (two minutes at most), then reports. */
async function drained(
  count: () => Promise<number>,
  everyMs: number,
  report: (first: number, left: number, seconds: string) => void,
): Promise<void> {
  const started = Date.now();
  const first = await count();
  let left = first;
  while (left > 0 && Date.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    left = await count();
  }
  report(first, left, ((Date.now() - started) / 1000).toFixed(1));
}

async function bench(store: Store, port: number): Promise<void> {
  try {
    seedStore(store);
    const started = Date.now();
    const filled = await fill(store);
    console.log(
      `\n${store.label}: ${EVENTS} events (${filled.open.length} open to register), ${PEOPLE} people in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    // A production deployment sends its mail to a relay: without one, every confirmation mail fails
    // and retries, work no deployment does. The e2e journeys' sink is the relay here (real SMTP).
    const smtpPort = port + 40;
    const sink = startSmtpSink({ smtpPort, httpPort: smtpPort + 1 });
    const product = await startProduct(store, port, {
      NODE_ENV: 'production',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    });
    try {
      const people: SignedIn[] = [];
      for (const email of filled.people)
        people.push(await signIn(product.base, { email, password: LEARNER.password }));
      const reader = people[0]!;
      const admin = await signIn(product.base, ADMIN);
      // One registration by hand first: the measured calls must be the real thing, not refusals.
      const probe = filled.open.pop()!;
      const first = await call<{ data: { status: string } }>(
        product.base,
        reader,
        'POST',
        `/api/events/registrations/createRegistration/${probe}`,
        { answers: {} },
      );
      console.log(`a first registration: ${first.data.status}`);
      // Request k: person k mod n at the (k div n)-th open event; no pair comes twice in a run.
      let sent = 0;
      const register: SetupRequest = (request) => {
        const k = sent++;
        const who = people[k % people.length]!;
        const eventId = filled.open[Math.floor(k / people.length) % filled.open.length];
        return {
          ...request,
          method: 'POST',
          path: `/api/events/registrations/createRegistration/${eventId}`,
          headers: { ...who.headers, origin: product.base, 'content-type': 'application/json' },
          body: JSON.stringify({ answers: {} }),
        };
      };
      const [ready, list, registration] = (await interleaved(2, [
        { name: '/readyz (ceiling)', url: `${product.base}/readyz` },
        {
          name: `event list (${EVENTS} events)`,
          url: `${product.base}/api/events/events/getEvents`,
          headers: reader.headers,
        },
        {
          name: 'registration (new pair each)',
          after: () => outboxDrained(product.base, admin),
          url: `${product.base}/api/events/registrations/createRegistration/${filled.open[0]}`,
          method: 'POST',
          setupRequest: register,
        },
      ])) as [Figure, Figure, Figure];
      table(`${store.label}, production settings (npm start)`, ready, [list, registration]);
      console.log(`registrations sent: ${sent}; mails delivered to the SMTP relay: ${sink.count()}`);
      budget('event list', list, ready, BUDGET.list, BUDGET.listP99Ms);
      budget('registration', registration, ready, BUDGET.register, BUDGET.registerP99Ms);
    } finally {
      await product.stop();
      sink.close();
    }
  } finally {
    await store.drop();
  }
}

const only = process.env.BENCH_ONLY;
const port = Number(process.env.BENCH_PORT ?? 18260);
if (only !== 'postgres') await bench(embeddedStore(), port);
if (process.env.DATABASE_URL && only !== 'embedded')
  await bench(await postgresStore(process.env.DATABASE_URL), port + 1);
else if (only !== 'embedded') console.log('\nDATABASE_URL is unset: PostgreSQL figures skipped.');
