import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_COOKIE, AUTH_MESSAGES, INVITATIONS_API, MEMBER_INVITABLE_ROLE_ID } from '@nexus/contracts';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../config';
import { type OpenedSocket, openSocket } from './realtime/socket-fixture';

/**
 * DESIGN section 9, "scale-out, stated and tested": two real server processes (`main.ts`, as
 * `npm start` runs it) on one PostgreSQL database and one Redis. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL; skipped when either is unset or unreachable. Ports: TWO_PROCESS_PORT and the next.
 */
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const basePort = Number(process.env.TWO_PROCESS_PORT ?? 8131);
const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');

async function reachable(): Promise<boolean> {
  if (!databaseUrl || !redisUrl) return false;
  try {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.end();
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    await redis.connect();
    await redis.quit();
    return true;
  } catch {
    return false;
  }
}
const available = await reachable();

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

interface SunkMail {
  from: string;
  to: string;
  body: string;
}

/**
 * A plain SMTP server for both processes' mail. It answers each message only after `delayMs`, so a
 * worker that took a batch stays busy with it and the other process's worker finds work too.
 */
function startSink(port: number, delayMs: number): Promise<{ server: Server; mails: SunkMail[] }> {
  const mails: SunkMail[] = [];
  const server = createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let data: string[] | null = null;
    let envelope = { from: '', to: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 two-process sink');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let at = buffer.indexOf('\r\n'); at >= 0; at = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        if (data) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          mails.push({ ...envelope, body: data.join('\n') });
          data = null;
          setTimeout(() => reply('250 OK'), delayMs);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: '' };
        if (verb === 'RCPT') envelope.to = (/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase();
        if (verb === 'DATA') {
          data = [];
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, mails })));
}

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_ORIGIN: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server on ${port} exited: ${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start: ${output}`);
}

function stop(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

describe.skipIf(!available)('two API processes on one PostgreSQL and one Redis', () => {
  // Named after the test database, so it stays in that database's namespace on a shared server.
  const databaseName = `${new URL(databaseUrl ?? 'postgres://x/nexus').pathname.slice(1)}_two_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'nexus-two-'));
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: OpenedSocket[] = [];
  let cookies: string[] = [];
  let sink: Awaited<ReturnType<typeof startSink>>;

  beforeAll(async () => {
    sink = await startSink(basePort + 2, 300);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database "${databaseName}"`);
    await admin.end();
    // This address's budgets from an earlier run would otherwise still be counting.
    const redis = new Redis(redisUrl as string);
    await redis.del('nexus:rate:signin-ip:127.0.0.1', 'nexus:rate:otp-ip:127.0.0.1');
    await redis.quit();
    const env = {
      DATABASE_URL: withDatabase(databaseUrl as string, databaseName),
      REDIS_URL: redisUrl as string,
      DATA_DIR: dataDir,
      SEED: 'none',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      SMTP_URL: `smtp://127.0.0.1:${basePort + 2}`,
    };
    // One after the other: the first migrates the new database, the second finds it done. The sender
    // address tells which process's worker delivered a mail.
    a = await startServer(basePort, { ...env, MAIL_FROM: 'Nexus A <a@two.test>' });
    b = await startServer(basePort + 1, { ...env, MAIL_FROM: 'Nexus B <b@two.test>' });
    // Signed in before the rate-limit test spends this address's sign-in budget.
    cookies = [await signIn(a), await signIn(b)];
  }, 200_000);

  afterAll(async () => {
    for (const { socket } of sockets) socket.close();
    await Promise.all([stop(a), stop(b)]);
    sink?.server.close();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${databaseName}" with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  async function signIn(server: ServerProcess): Promise<string> {
    const response = await fetch(`${server.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${AUTH_COOKIE}=`));
    return cookie?.split(';')[0]?.slice(AUTH_COOKIE.length + 1) as string;
  }

  const profile = (server: ServerProcess, cookie: string) =>
    fetch(`${server.url}/auth/profile`, { headers: { cookie: `${AUTH_COOKIE}=${cookie}` } });

  it('delivers an emit made on process B to a socket connected to process A', async () => {
    const cookie = cookies[0] as string;
    const socket = await openSocket(a.url, { cookie });
    sockets.push(socket);
    const received = socket.next('privileges.changed', 5000);
    // A custom role written through B changes privileges: B emits to every signed-in socket.
    const write = await fetch(`${b.url}/operations/user/customRole/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `${AUTH_COOKIE}=${cookie}` },
      body: JSON.stringify({ role_name: `two-${randomBytes(3).toString('hex')}`, display_name: 'Two' }),
    });
    expect(write.status).toBe(201);
    await expect(received).resolves.toMatchObject({ tags: expect.arrayContaining(['Menu']) });
  });

  it('works a job enqueued on A exactly once, with both processes working the queue', async () => {
    const cookie = cookies[0] as string;
    const headers = { 'content-type': 'application/json', cookie: `${AUTH_COOKIE}=${cookie}` };
    const run = randomBytes(3).toString('hex');
    const addresses = Array.from({ length: 100 }, (_, i) => `once-${run}-${i}@example.test`);
    // Creating an invitation mails nothing; each resend through A enqueues one mail.send job there.
    const ids = await Promise.all(
      addresses.map(async (email) => {
        const response = await fetch(`${a.url}${INVITATIONS_API}/createInvitation`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ role_id: MEMBER_INVITABLE_ROLE_ID, tenant_id: null, email }),
        });
        expect(response.status).toBe(201);
        return ((await response.json()) as { data: { invitation_id: number } }).data.invitation_id;
      }),
    );
    const resent = await Promise.all(
      ids.map((id) =>
        fetch(`${a.url}${INVITATIONS_API}/resendInvitation/${id}`, {
          method: 'POST',
          headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
        }),
      ),
    );
    expect(resent.map((response) => response.status)).toEqual(ids.map(() => 200));

    const ours = () => sink.mails.filter((mail) => mail.to.startsWith(`once-${run}-`));
    const deadline = Date.now() + 60_000;
    while (ours().length < addresses.length && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Time for a second delivery of any job to show up, had one been worked twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const delivered = ours();
    const perAddress = new Map<string, number>();
    for (const mail of delivered) perAddress.set(mail.to, (perAddress.get(mail.to) ?? 0) + 1);
    expect([...perAddress.keys()].sort()).toEqual([...addresses].sort());
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(delivered).toHaveLength(addresses.length);
    // Both workers took part: the sink holds each process's sender address.
    const byA = delivered.filter((mail) => mail.from === 'a@two.test').length;
    const byB = delivered.filter((mail) => mail.from === 'b@two.test').length;
    expect(byA + byB).toBe(addresses.length);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
  }, 90_000);

  it('holds a rate limit reached through A on B', async () => {
    // Per-route budget (signin-ip, 30 a minute per address): spend it on A, whatever is left of it.
    let status = 0;
    for (let i = 0; i < 40 && status !== 429; i += 1) {
      const response = await fetch(`${a.url}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: `nobody-${randomBytes(4).toString('hex')}`,
          password: 'wrong password',
        }),
      });
      status = response.status;
    }
    expect(status).toBe(429);
    const onB = await fetch(`${b.url}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nobody-else', password: 'wrong password' }),
    });
    expect(onB.status).toBe(429);
    expect(Number(onB.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await onB.json()) as { message: string }).message).toBe(AUTH_MESSAGES.tooManyRequests);

    // A budget keyed by the body (one code per address per interval): sent through A, refused on B.
    const email = `two-${randomBytes(4).toString('hex')}@example.test`;
    const generate = (server: ServerProcess) =>
      fetch(`${server.url}/api/auth/generateOtp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, type: 'verify' }),
      });
    expect((await generate(a)).status).toBe(202);
    const again = await generate(b);
    expect(again.status).toBe(429);
    expect(((await again.json()) as { message: string }).message).toBe(AUTH_MESSAGES.otpTooSoon);
  });

  it('drops the session on B at once when it is signed out on A, and closes its sockets there', async () => {
    const cookie = cookies[1] as string;
    const socket = await openSocket(b.url, { cookie });
    sockets.push(socket);
    // B now holds the session in its one-second cache.
    expect((await profile(b, cookie)).status).toBe(200);
    const closed = new Promise((resolve) => socket.socket.once('disconnect', resolve));
    const out = await fetch(`${a.url}/api/auth/signout`, {
      method: 'POST',
      headers: { cookie: `${AUTH_COOKIE}=${cookie}` },
    });
    expect(out.status).toBeLessThan(300);
    // The drop reaches B over Redis a moment after A answers; well inside B's one-second cache, so
    // a 401 here is the drop crossing over, not the cache running out.
    const signedOutAt = Date.now();
    let status = (await profile(b, cookie)).status;
    while (status !== 401 && Date.now() - signedOutAt < 400) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await profile(b, cookie)).status;
    }
    expect(status).toBe(401);
    await closed;
  });
});
